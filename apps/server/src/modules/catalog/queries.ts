import type { InterviewSet, InterviewSetSummary } from '@candor/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, interviews, interviewSets, questions } from '../../db/schema';
import { answeredAs } from '../interviews';

/**
 * The one query behind every list of interview sets: the set, its category and the `_count`
 * fields in a single statement (correlated counts use the set_id indexes).
 */
export async function selectSets(
  db: Db,
  options: { where?: SQL; userId?: string } = {},
): Promise<InterviewSet[]> {
  const completedCount = options.userId
    ? sql<number>`(select count(*)::int from ${interviews} i where i.interview_set_id = "interview_sets"."id" and i.user_id = ${options.userId} and i.status = 'completed' and ${answeredAs('i')})`
    : sql<number>`0`;
  const rows = await db
    .select({
      set: interviewSets,
      categoryName: categories.name,
      questionCount: sql<number>`(select count(*)::int from ${questions} q where q.interview_set_id = "interview_sets"."id")`,
      // Attempts that are history only (answered, decision 038), as History and progress count.
      interviewCount: sql<number>`(select count(*)::int from ${interviews} i where i.interview_set_id = "interview_sets"."id" and ${answeredAs('i')})`,
      completedCount,
    })
    .from(interviewSets)
    .innerJoin(categories, eq(categories.id, interviewSets.categoryId))
    .where(options.where)
    .orderBy(asc(categories.name), asc(interviewSets.title));
  return rows.map((r) =>
    toInterviewSet(
      r.set,
      r.categoryName,
      r.questionCount,
      r.interviewCount,
      options.userId ? r.completedCount : undefined,
    ),
  );
}

export function toInterviewSet(
  set: typeof interviewSets.$inferSelect,
  categoryName: string,
  questionCount: number,
  interviewCount: number,
  completedCount?: number,
): InterviewSet {
  const summary: InterviewSetSummary = {
    id: set.id,
    title: set.title,
    description: set.description,
    category: { id: set.categoryId, name: categoryName },
    categoryId: set.categoryId,
    categoryName,
    difficulty: set.difficulty,
    type: set.type,
    topics: set.topics,
    duration: set.duration,
    followUpDepth: set.followUpDepth,
    inviteQuestions: set.inviteQuestions,
    showHome: set.showHome,
    isActive: set.isActive,
    createdAt: set.createdAt.toISOString(),
    _count: { interviews: interviewCount, questions: questionCount },
    ...(completedCount === undefined ? {} : { completedCount }),
  };
  return { ...summary, aiPrompt: set.aiPrompt };
}

/** What candidates may see: active sets in active categories. */
export const visibleToCandidates = and(
  eq(interviewSets.isActive, true),
  eq(categories.isActive, true),
);

export async function listQuestions(db: Db, interviewSetId: string) {
  return db
    .select()
    .from(questions)
    .where(eq(questions.interviewSetId, interviewSetId))
    .orderBy(asc(questions.order));
}
