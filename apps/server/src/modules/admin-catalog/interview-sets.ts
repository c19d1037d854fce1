import {
  FIXED_NEEDS_QUESTIONS,
  type InterviewSet,
  type InterviewSetInput,
  type InterviewSetUpdate,
  type QuestionInput,
  interviewSetInputSchema,
  interviewSetUpdateSchema,
  questionInputSchema,
} from '@candor/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interviewSets, questions } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { changeOf, recordChange, type Actor } from '../audit';
import { listQuestions, selectSets } from '../catalog';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function listInterviewSets(db: Db): Promise<InterviewSet[]> {
  return selectSets(db);
}

export async function getInterviewSet(db: Db | Tx, id: string): Promise<InterviewSet> {
  const [set] = await selectSets(db as Db, { where: eq(interviewSets.id, id) });
  if (!set) throw notFound('Interview set not found');
  return set;
}

async function assertCategory(db: Db | Tx, categoryId: string) {
  const [c] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, categoryId));
  if (!c) throw badRequest('categoryId: Category not found', { categoryId: 'Category not found' });
}

/** Replaces a set's questions with the given list, numbered 1..n. */
export async function replaceQuestions(tx: Db | Tx, interviewSetId: string, list: QuestionInput[]) {
  await tx.delete(questions).where(eq(questions.interviewSetId, interviewSetId));
  if (list.length === 0) return;
  await tx.insert(questions).values(
    list.map((q, i) => {
      const v = questionInputSchema.parse(q);
      return { ...v, expectedAnswer: v.expectedAnswer || null, interviewSetId, order: i + 1 };
    }),
  );
}

/**
 * What the audit log keeps of a set: its fields as an administrator edits them, and its questions'
 * wording (a question's other fields are recorded by its own edits).
 */
async function auditedSet(tx: Db | Tx, set: InterviewSet) {
  return {
    title: set.title,
    description: set.description,
    category: set.categoryName,
    type: set.type,
    difficulty: set.difficulty,
    duration: set.duration,
    topics: set.topics,
    followUpDepth: set.followUpDepth,
    inviteQuestions: set.inviteQuestions,
    aiPrompt: set.aiPrompt,
    showHome: set.showHome,
    isActive: set.isActive,
    questions: (await listQuestions(tx as Db, set.id)).map((q) => q.questionText),
  };
}

export async function createInterviewSet(
  db: Db,
  actor: Actor,
  input: InterviewSetInput,
): Promise<InterviewSet> {
  const v = interviewSetInputSchema.parse(input);
  const id = await db.transaction(async (tx) => {
    await assertCategory(tx, v.categoryId);
    const { questions: list, ...fields } = v;
    const [row] = await tx
      .insert(interviewSets)
      .values({
        ...fields,
        aiPrompt: fields.type === 'topic-based' ? (fields.aiPrompt ?? null) : null,
      })
      .returning({ id: interviewSets.id });
    if (v.type === 'fixed') await replaceQuestions(tx, row!.id, list ?? []);
    const created = await getInterviewSet(tx, row!.id);
    await recordChange(tx, actor, {
      action: 'set_created',
      subject: { type: 'interview_set', id: created.id, label: created.title },
      after: await auditedSet(tx, created),
    });
    return row!.id;
  });
  return getInterviewSet(db, id);
}

export async function updateInterviewSet(
  db: Db,
  actor: Actor,
  id: string,
  input: InterviewSetUpdate,
): Promise<InterviewSet> {
  const v = interviewSetUpdateSchema.parse(input);
  await db.transaction(async (tx) => {
    const current = await getInterviewSet(tx, id);
    const before = await auditedSet(tx, current);
    if (v.categoryId) await assertCategory(tx, v.categoryId);
    const type = v.type ?? current.type;
    const questionCount = v.questions ? v.questions.length : current._count.questions;
    if (type === 'fixed' && questionCount === 0) {
      throw badRequest(`questions: ${FIXED_NEEDS_QUESTIONS}`, { questions: FIXED_NEEDS_QUESTIONS });
    }
    const { questions: list, ...fields } = v;
    if (Object.keys(fields).length > 0) {
      await tx
        .update(interviewSets)
        .set({ ...fields, ...(type === 'fixed' ? { aiPrompt: null } : {}), updatedAt: sql`now()` })
        .where(eq(interviewSets.id, id));
    }
    if (list) await replaceQuestions(tx, id, list);
    const updated = await getInterviewSet(tx, id);
    const change = changeOf(before, await auditedSet(tx, updated));
    if (change) {
      await recordChange(tx, actor, {
        action: 'set_updated',
        subject: { type: 'interview_set', id, label: updated.title },
        ...change,
      });
    }
  });
  return getInterviewSet(db, id);
}

/** Attempts keep their snapshot and report; their link to the set becomes null (ON DELETE SET NULL). */
export async function deleteInterviewSet(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const set = await getInterviewSet(tx, id);
    const before = await auditedSet(tx, set);
    await tx.delete(interviewSets).where(eq(interviewSets.id, id));
    await recordChange(tx, actor, {
      action: 'set_deleted',
      subject: { type: 'interview_set', id, label: set.title },
      before,
      details: { attempts: set._count.interviews },
    });
  });
}
