import {
  DEFAULT_EXPERIENCE_LEVEL,
  type AvailableCategory,
  type InterviewSetDetail,
  type InterviewSetSummary,
} from '@candor/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { categories, interviewSets, user } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { orderByExperience } from './experience-order';
import { listQuestions, selectSets, visibleToCandidates } from './queries';

// Candidates never see aiPrompt: it steers the interviewer, it is not the candidate's to read.
const summary = ({
  aiPrompt: _aiPrompt,
  ...set
}: Awaited<ReturnType<typeof selectSets>>[number]): InterviewSetSummary => set;

export async function availableSets(db: Db, userId: string): Promise<InterviewSetSummary[]> {
  return (await selectSets(db, { where: visibleToCandidates, userId })).map(summary);
}

/** The sets shown on Home, ordered for the caller's experience level (read fresh: it can change). */
export async function quickPracticeSets(db: Db, userId: string): Promise<InterviewSetSummary[]> {
  const where = and(visibleToCandidates, eq(interviewSets.showHome, true));
  const [sets, [me]] = await Promise.all([
    selectSets(db, { where, userId }),
    db.select({ level: user.experienceLevel }).from(user).where(eq(user.id, userId)),
  ]);
  return orderByExperience(sets, me?.level ?? DEFAULT_EXPERIENCE_LEVEL).map(summary);
}

export async function availableCategories(db: Db): Promise<AvailableCategory[]> {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      description: categories.description,
      icon: categories.icon,
      // Qualified by hand: in a single-table select drizzle would leave "id" unqualified.
      count: sql<number>`(select count(*)::int from ${interviewSets} s where s.category_id = "categories"."id" and s.is_active)`,
    })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.name));
}

/** One active set for the interview screen, with its questions but never their expected answers. */
export async function availableSet(
  db: Db,
  id: string,
  userId: string,
): Promise<InterviewSetDetail> {
  if (!z.uuid().safeParse(id).success) throw notFound('Interview set not found');
  const [set] = await selectSets(db, {
    where: and(visibleToCandidates, eq(interviewSets.id, id)),
    userId,
  });
  if (!set) throw notFound('Interview set not found');
  const qs = await listQuestions(db, id);
  return {
    ...summary(set),
    aiPrompt: null,
    questions: qs.map((q) => ({
      id: q.id,
      interviewSetId: q.interviewSetId,
      questionText: q.questionText,
      difficulty: q.difficulty,
      timeLimit: q.timeLimit,
      order: q.order,
    })),
  };
}
