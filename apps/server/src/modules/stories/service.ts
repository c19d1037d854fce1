import { and, asc, count, eq } from 'drizzle-orm';
import { STORY_LIMITS, type Story, type StoryBody, type StoryDraft } from '@candor/shared';
import type { Db } from '../../db/client';
import { stories } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { loadOwned } from '../interviews';
import { reportContentOf } from '../retries';
import { draftFrom } from './draft';

/** My stories (issue 30): a candidate's STAR stories, theirs alone. */

type Row = typeof stories.$inferSelect;

export const toStory = (r: Row): Story => ({
  id: r.id,
  title: r.title,
  situation: r.situation,
  task: r.task,
  action: r.action,
  result: r.result,
  skills: r.skills,
  interviewId: r.interviewId,
  questionIndex: r.questionIndex,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listStories(db: Db, userId: string): Promise<Story[]> {
  const rows = await db
    .select()
    .from(stories)
    .where(eq(stories.userId, userId))
    .orderBy(asc(stories.createdAt), asc(stories.id));
  return rows.map(toStory);
}

/** The attempt a story names must be the candidate's own (404 otherwise, as any attempt route). */
async function linkOf(db: Db, userId: string, body: StoryBody) {
  if (!body.interviewId) return { interviewId: null, questionIndex: null };
  await loadOwned(db, userId, body.interviewId);
  return { interviewId: body.interviewId, questionIndex: body.questionIndex ?? null };
}

const fields = (body: StoryBody) => ({
  title: body.title,
  situation: body.situation,
  task: body.task,
  action: body.action,
  result: body.result,
  // One of each skill, as written first.
  skills: body.skills.filter(
    (s, i) => body.skills.findIndex((t) => t.toLowerCase() === s.toLowerCase()) === i,
  ),
});

export async function createStory(db: Db, userId: string, body: StoryBody): Promise<Story> {
  const link = await linkOf(db, userId, body);
  return db.transaction(async (tx) => {
    const [held] = await tx.select({ n: count() }).from(stories).where(eq(stories.userId, userId));
    if ((held?.n ?? 0) >= STORY_LIMITS.max) {
      throw conflict(`You can keep at most ${STORY_LIMITS.max} stories: delete one first`);
    }
    const [row] = await tx
      .insert(stories)
      .values({ userId, ...fields(body), ...link })
      .returning();
    return toStory(row!);
  });
}

export async function updateStory(
  db: Db,
  userId: string,
  id: string,
  body: StoryBody,
): Promise<Story> {
  const link = await linkOf(db, userId, body);
  const [row] = await db
    .update(stories)
    .set({ ...fields(body), ...link })
    .where(and(eq(stories.id, id), eq(stories.userId, userId)))
    .returning();
  if (!row) throw notFound('Story not found');
  return toStory(row);
}

export async function deleteStory(db: Db, userId: string, id: string) {
  const gone = await db
    .delete(stories)
    .where(and(eq(stories.id, id), eq(stories.userId, userId)))
    .returning({ id: stories.id });
  if (gone.length === 0) throw notFound('Story not found');
  return { success: true as const };
}

/** `GET /api/interview/:id/story-draft?question=N`: a behavioural answer as a story to edit. */
export async function storyDraft(
  db: Db,
  userId: string,
  interviewId: string,
  question: number,
): Promise<StoryDraft> {
  const row = await loadOwned(db, userId, interviewId);
  const content = await reportContentOf(db, interviewId);
  if (!content) throw conflict('A story can be saved once the report is complete');
  const q = content.questionReports[question];
  if (!q) {
    throw badRequest(`question: the report has no question ${question}`, {
      question: `must be below ${content.questionReports.length}`,
    });
  }
  if (q.kind !== 'behavioural') throw conflict('Stories are saved from behavioural answers');
  if (!q.answer.trim()) throw conflict('This question was not answered');
  return draftFrom(interviewId, question, q, [...new Set([...q.tags, ...row.topics])]);
}
