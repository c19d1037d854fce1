import { codingQuestionIssue, systemDesignQuestionIssue, type Question } from '@candor/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  questionCreateSchema,
  questionReorderSchema,
  questionUpdateSchema,
} from '@candor/shared';
import type { Db } from '../../db/client';
import { questions } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { listQuestions } from '../catalog';
import { changeOf, recordChange, type Actor } from '../audit';
import { getInterviewSet } from './interview-sets';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function toQuestion(row: typeof questions.$inferSelect): Question {
  return {
    id: row.id,
    interviewSetId: row.interviewSetId,
    questionText: row.questionText,
    expectedAnswer: row.expectedAnswer,
    difficulty: row.difficulty,
    kind: row.kind,
    keyPoints: row.keyPoints,
    coding: row.coding ?? null,
    systemDesign: row.systemDesign ?? null,
    timeLimit: row.timeLimit,
    order: row.order,
  };
}

/** What the audit log keeps of a question: everything an administrator edits of it. */
function auditedQuestion(q: Question, set: { title: string }) {
  const { id: _id, interviewSetId: _set, ...fields } = q;
  return { ...fields, set: set.title };
}

/** The question's subject in the audit log: named by the start of its wording. */
const questionSubject = (q: Question) => ({
  type: 'question' as const,
  id: q.id,
  label: q.questionText.length > 80 ? `${q.questionText.slice(0, 79)}…` : q.questionText,
});

export async function questionsOfSet(db: Db, interviewSetId: string) {
  const interviewSet = await getInterviewSet(db, interviewSetId);
  const rows = await listQuestions(db, interviewSetId);
  return { questions: rows.map(toQuestion), interviewSet };
}

/** Renumbers a set's questions 1..n in their current order, keeping the order contiguous. */
async function renumber(tx: Db | Tx, interviewSetId: string, orderedIds?: string[]) {
  const ids = orderedIds ?? (await listQuestions(tx as Db, interviewSetId)).map((q) => q.id);
  for (const [i, id] of ids.entries()) {
    await tx
      .update(questions)
      .set({ order: i + 1 })
      .where(eq(questions.id, id));
  }
}

/** Kind coding and a coding spec go together (400 naming `coding` otherwise). */
function assertCodingRule(q: { kind?: string | null; coding?: unknown; systemDesign?: unknown }) {
  const issue = codingQuestionIssue(q);
  if (issue) throw badRequest(issue, { coding: issue });
  // The same pairing for system-design questions (issue 29), naming `systemDesign`.
  const design = systemDesignQuestionIssue(q);
  if (design) throw badRequest(design, { systemDesign: design });
}

export async function createQuestion(
  db: Db,
  actor: Actor,
  input: z.output<typeof questionCreateSchema>,
): Promise<Question> {
  assertCodingRule(input);
  const set = await getInterviewSet(db, input.interviewSetId);
  const row = await db.transaction(async (tx) => {
    const [{ next } = { next: 1 }] = await tx
      .select({ next: sql<number>`coalesce(max(${questions.order}), 0)::int + 1` })
      .from(questions)
      .where(eq(questions.interviewSetId, input.interviewSetId));
    const [created] = await tx
      .insert(questions)
      .values({ ...input, expectedAnswer: input.expectedAnswer || null, order: next })
      .returning();
    const question = toQuestion(created!);
    await recordChange(tx, actor, {
      action: 'question_created',
      subject: questionSubject(question),
      after: auditedQuestion(question, set),
    });
    return created!;
  });
  return toQuestion(row);
}

export async function updateQuestion(
  db: Db,
  actor: Actor,
  input: z.output<typeof questionUpdateSchema>,
): Promise<Question> {
  const { id, ...fields } = input;
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(questions).where(eq(questions.id, id)).for('update');
    if (!stored) throw notFound('Question not found');
    if (
      fields.kind !== undefined ||
      fields.coding !== undefined ||
      fields.systemDesign !== undefined
    ) {
      // The rule spans two fields: check it against what the row will hold after this update.
      assertCodingRule({
        kind: fields.kind ?? stored.kind,
        coding: fields.coding === undefined ? stored.coding : fields.coding,
        systemDesign: fields.systemDesign === undefined ? stored.systemDesign : fields.systemDesign,
      });
    }
    const [row] = await tx
      .update(questions)
      .set({
        ...fields,
        ...(fields.expectedAnswer === '' ? { expectedAnswer: null } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(questions.id, id))
      .returning();
    const before = toQuestion(stored);
    const after = toQuestion(row!);
    const set = await getInterviewSet(tx, after.interviewSetId);
    const change = changeOf(auditedQuestion(before, set), auditedQuestion(after, set));
    if (change) {
      await recordChange(tx, actor, {
        action: 'question_updated',
        subject: questionSubject(after),
        ...change,
      });
    }
    return after;
  });
}

/** Deletes a question and renumbers the rest; the last question of a fixed set cannot go. */
export async function deleteQuestion(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(questions).where(eq(questions.id, id));
    if (!row) throw notFound('Question not found');
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(eq(questions.interviewSetId, row.interviewSetId));
    const set = await getInterviewSet(tx, row.interviewSetId);
    if (set.type === 'fixed' && n <= 1) {
      throw badRequest('A fixed interview set needs at least one question');
    }
    await tx.delete(questions).where(eq(questions.id, id));
    await renumber(tx, row.interviewSetId);
    const question = toQuestion(row);
    await recordChange(tx, actor, {
      action: 'question_deleted',
      subject: questionSubject(question),
      before: auditedQuestion(question, set),
    });
  });
}

/** Persists a new order: the ids must be exactly the set's questions. */
export async function reorderQuestions(
  db: Db,
  actor: Actor,
  input: z.output<typeof questionReorderSchema>,
): Promise<Question[]> {
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.interviewSetId, input.interviewSetId))
      .orderBy(asc(questions.order));
    const known = new Set(current.map((q) => q.id));
    const given = new Set(input.orderedIds);
    if (
      given.size !== input.orderedIds.length ||
      given.size !== known.size ||
      [...given].some((id) => !known.has(id))
    ) {
      throw badRequest('orderedIds: must list each question of the set exactly once', {
        orderedIds: 'must list each question of the set exactly once',
      });
    }
    await renumber(tx, input.interviewSetId, input.orderedIds);
    const before = current.map((q) => q.id);
    if (before.join() !== input.orderedIds.join()) {
      const set = await getInterviewSet(tx, input.interviewSetId);
      const wording = new Map(
        (await listQuestions(tx as Db, input.interviewSetId)).map((q) => [q.id, q.questionText]),
      );
      await recordChange(tx, actor, {
        action: 'questions_reordered',
        subject: { type: 'interview_set', id: set.id, label: set.title },
        before: { questions: before.map((id) => wording.get(id) ?? id) },
        after: { questions: input.orderedIds.map((id) => wording.get(id) ?? id) },
      });
    }
  });
  return (await listQuestions(db, input.interviewSetId)).map(toQuestion);
}
