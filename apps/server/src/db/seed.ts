import { codingSpecSchema, systemDesignSpecSchema } from '@candor/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { categories, interviewSets, questions } from './schema';
import { demoCatalogue, type SeedCategory } from './seed-data';

export interface SeedResult {
  categories: number;
  sets: number;
  questions: number;
}

/**
 * Inserts whatever part of the catalogue is missing (categories by name regardless of case, sets
 * by title within their category), in one transaction. Running it again changes nothing, and it
 * never touches rows an administrator edited.
 */
export async function seedCatalogue(
  db: Db,
  catalogue: SeedCategory[] = demoCatalogue,
): Promise<SeedResult> {
  const result: SeedResult = { categories: 0, sets: 0, questions: 0 };
  await db.transaction(async (tx) => {
    for (const category of catalogue) {
      let [row] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${category.name})`);
      if (!row) {
        [row] = await tx
          .insert(categories)
          .values({ name: category.name, description: category.description, icon: category.icon })
          .returning({ id: categories.id });
        result.categories += 1;
      }
      const categoryId = row!.id;
      for (const set of category.sets) {
        const [existing] = await tx
          .select({ id: interviewSets.id })
          .from(interviewSets)
          .where(and(eq(interviewSets.categoryId, categoryId), eq(interviewSets.title, set.title)));
        if (existing) continue;
        const [created] = await tx
          .insert(interviewSets)
          .values({
            categoryId,
            title: set.title,
            description: set.description,
            type: set.type,
            difficulty: set.difficulty,
            duration: set.duration,
            topics: set.topics,
            // The demo's fixed sets are scripts (the specification's fixed flow); its topic-based
            // sets probe a thin answer once (decision 033).
            followUpDepth: set.type === 'fixed' ? 0 : 1,
            inviteQuestions: set.type !== 'fixed',
            aiPrompt: set.aiPrompt ?? null,
            showHome: set.showHome ?? false,
          })
          .returning({ id: interviewSets.id });
        result.sets += 1;
        const qs = set.questions ?? [];
        if (qs.length > 0) {
          await tx.insert(questions).values(
            qs.map((q, i) => ({
              interviewSetId: created!.id,
              questionText: q.questionText,
              expectedAnswer: q.expectedAnswer,
              difficulty: q.difficulty,
              kind: q.kind,
              keyPoints: q.keyPoints,
              // Parsed like the admin's input, so the demo's problems meet the same rules.
              coding: q.coding ? codingSpecSchema.parse(q.coding) : null,
              systemDesign: q.systemDesign ? systemDesignSpecSchema.parse(q.systemDesign) : null,
              timeLimit: q.timeLimit,
              order: i + 1,
            })),
          );
          result.questions += qs.length;
        }
      }
    }
  });
  return result;
}

/**
 * Seeds the demo catalogue on start-up, only into an empty catalogue: once an administrator has
 * any category, their curation is left alone (deleting a demo category does not bring it back).
 */
export async function seedDemoCatalogue(db: Db): Promise<SeedResult | null> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(categories);
  if (count > 0) return null;
  return seedCatalogue(db);
}
