import {
  CATALOGUE_EXPORT_VERSION,
  type CatalogueExport,
  type catalogueExportSchema,
} from '@candor/shared';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, interviewSets } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { listQuestions } from '../catalog';
import { recordChange, type Actor } from '../audit';
import { auditedCategory, createCategory } from './categories';
import { replaceQuestions } from './interview-sets';

/** A category with its sets and questions, in the versioned format import reads. */
export async function exportCategory(db: Db, id: string): Promise<CatalogueExport> {
  const [category] = await db.select().from(categories).where(eq(categories.id, id));
  if (!category) throw notFound('Category not found');
  const sets = await db
    .select()
    .from(interviewSets)
    .where(eq(interviewSets.categoryId, id))
    .orderBy(asc(interviewSets.title));
  return {
    version: CATALOGUE_EXPORT_VERSION,
    category: {
      name: category.name,
      description: category.description,
      icon: category.icon,
      isActive: category.isActive,
    },
    sets: await Promise.all(
      sets.map(async (s) => ({
        title: s.title,
        description: s.description,
        type: s.type,
        difficulty: s.difficulty,
        duration: s.duration,
        topics: s.topics,
        followUpDepth: s.followUpDepth,
        inviteQuestions: s.inviteQuestions,
        aiPrompt: s.aiPrompt,
        showHome: s.showHome,
        isActive: s.isActive,
        questions: (await listQuestions(db, s.id)).map((q) => ({
          questionText: q.questionText,
          expectedAnswer: q.expectedAnswer,
          difficulty: q.difficulty,
          kind: q.kind,
          keyPoints: q.keyPoints,
          // A coding question's whole spec, hidden tests included: an export is the admin's.
          ...(q.coding ? { coding: q.coding } : {}),
          ...(q.systemDesign ? { systemDesign: q.systemDesign } : {}),
          timeLimit: q.timeLimit,
        })),
      })),
    ),
  };
}

/**
 * Creates a new category from an export. The document was validated whole before this runs, and
 * everything is written in one transaction: one bad row, or a name already taken, writes nothing.
 */
export async function importCategory(
  db: Db,
  actor: Actor,
  doc: z.output<typeof catalogueExportSchema>,
) {
  return db.transaction(async (tx) => {
    const category = await createCategory(tx, null, doc.category);
    let questionCount = 0;
    for (const set of doc.sets) {
      const { questions: list, categoryId: _ignored, ...fields } = set;
      const [row] = await tx
        .insert(interviewSets)
        .values({
          ...fields,
          categoryId: category.id,
          aiPrompt: fields.type === 'topic-based' ? (fields.aiPrompt ?? null) : null,
        })
        .returning({ id: interviewSets.id });
      const qs = fields.type === 'fixed' ? (list ?? []) : [];
      await replaceQuestions(tx, row!.id, qs);
      questionCount += qs.length;
    }
    // One entry for the import: the category and what came with it (the sets' titles).
    await recordChange(tx, actor, {
      action: 'category_imported',
      subject: { type: 'category', id: category.id, label: category.name },
      after: { ...auditedCategory(category), sets: doc.sets.map((s) => s.title) },
      details: { sets: doc.sets.length, questions: questionCount },
    });
    return {
      categoryId: category.id,
      categories: 1,
      sets: doc.sets.length,
      questions: questionCount,
    };
  });
}
