import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import {
  DEFAULT_FOLLOW_UP_DEPTH,
  DRILL,
  DRILL_TITLE,
  UNFINISHED_STATUSES,
  reportContentSchema,
  type DrillPlan,
} from '@candor/shared';
import type { Db } from '../../db/client';
import {
  categories,
  interviewSets,
  interviews,
  questions,
  reports,
  type DrillRecord,
  type QuestionSnapshot,
} from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { insertAttempt } from '../attempts';
import type { CreditPolicy } from '../credits';
import { answered, loadOwned } from '../interviews';
import { questionSnapshot, reportContentOf } from '../retries';
import { planDrill, type CatalogueQuestion, type Plan, type ScoredAttempt } from './plan';

/**
 * Practise next as a drill (issue 30, decision 045): the plan read from the candidate's latest
 * scored attempts and the catalogue, the drill attempt made from it (charged like any attempt),
 * and the plan of a drill already made (why each question is in it).
 */

export interface DrillContext {
  policy: CreditPolicy;
  now: Date;
  coachesMayListen: boolean;
}

/** The candidate's DRILL.recentAttempts latest completed attempts with a completed report. */
async function recentScored(db: Db, userId: string): Promise<ScoredAttempt[]> {
  const rows = await db
    .select({ i: interviews, content: reports.content })
    .from(interviews)
    .innerJoin(reports, eq(reports.interviewId, interviews.id))
    .where(
      and(
        eq(interviews.userId, userId),
        answered(),
        eq(interviews.status, 'completed'),
        eq(reports.status, 'completed'),
        isNotNull(interviews.completedAt),
      ),
    )
    .orderBy(desc(interviews.completedAt), desc(interviews.id))
    .limit(DRILL.recentAttempts);
  const out: ScoredAttempt[] = [];
  for (const { i, content } of rows) {
    const parsed = reportContentSchema.safeParse(content);
    if (!parsed.success) continue;
    out.push({
      id: i.id,
      completedAt: i.completedAt!,
      difficulty: i.difficulty,
      categoryName: i.categoryName,
      topics: i.topics,
      retryOf: i.retryOf,
      retryQuestion: i.retryQuestion,
      drill: i.drill,
      questionReports: parsed.data.questionReports,
    });
  }
  return out;
}

/** Every question of the active catalogue, with its set's topics, category and level. */
async function catalogue(db: Db): Promise<CatalogueQuestion[]> {
  const rows = await db
    .select({
      q: questions,
      topics: interviewSets.topics,
      difficulty: interviewSets.difficulty,
      categoryName: categories.name,
    })
    .from(questions)
    .innerJoin(interviewSets, eq(interviewSets.id, questions.interviewSetId))
    .innerJoin(categories, eq(categories.id, interviewSets.categoryId))
    .where(and(eq(interviewSets.isActive, true), eq(categories.isActive, true)))
    .orderBy(asc(interviewSets.createdAt), asc(questions.order), asc(questions.createdAt));
  return rows.map(({ q, topics, difficulty, categoryName }) => ({
    snapshot: {
      questionText: q.questionText,
      expectedAnswer: q.expectedAnswer,
      difficulty: q.difficulty,
      timeLimit: q.timeLimit,
      kind: q.kind,
      keyPoints: q.keyPoints,
      coding: q.coding,
      systemDesign: q.systemDesign,
    },
    topics,
    difficulty,
    categoryName,
  }));
}

/** The plan as the candidate reads it: a new question's words stay unsaid until it is asked. */
function publicPlan(
  plan: Pick<Plan, 'skills' | 'attemptsRead'> & { questions: DrillRecord['questions'] },
): DrillPlan {
  return {
    minutes: DRILL.minutes,
    skills: plan.skills,
    attemptsRead: plan.attemptsRead,
    questions: plan.questions.map((q) => ({
      position: q.position,
      skill: q.skill,
      source: q.source,
      kind: q.kind,
      question: q.source === 'retry' ? q.questionText : null,
      lastScore: q.lastScore,
      lastAskedAt: q.lastAskedAt,
    })),
  };
}

async function currentPlan(db: Db, userId: string): Promise<Plan> {
  const [attempts, questionsOfCatalogue] = await Promise.all([
    recentScored(db, userId),
    catalogue(db),
  ]);
  return planDrill(attempts, questionsOfCatalogue);
}

/** `GET /api/user/drill`: what a drill would hold now (empty skills: no scored answer yet). */
export async function drillPreview(db: Db, userId: string): Promise<DrillPlan> {
  return publicPlan(await currentPlan(db, userId));
}

/**
 * `POST /api/user/drills`: the drill attempt (a fixed set of the planned questions, ten minutes),
 * made like any attempt (the credit check now, the charge with its first answer). A drill made and
 * never answered is given back instead of another (Start twice is one drill, as for a set).
 */
export async function createDrill(
  db: Db,
  ctx: DrillContext,
  userId: string,
): Promise<{ id: string; roomId: string }> {
  const [open] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        eq(interviews.userId, userId),
        isNotNull(interviews.drill),
        inArray(interviews.status, [...UNFINISHED_STATUSES]),
        isNull(interviews.answeredAt),
      ),
    )
    .orderBy(desc(interviews.createdAt))
    .limit(1);
  if (open) return { id: open.id, roomId: `interview-${open.id}` };

  const plan = await currentPlan(db, userId);
  if (plan.questions.length === 0) {
    throw conflict('Take an interview first: a drill is made from the scores of your answers');
  }
  const snapshots: QuestionSnapshot[] = [];
  for (const q of plan.questions) {
    if (q.snapshot) {
      snapshots.push({ ...q.snapshot, id: randomUUID() });
      continue;
    }
    // A retry is asked as it was: its own snapshot (expected answer, key points, a coding
    // problem's hidden tests), read from the attempt that asked it last.
    const from = q.retryFrom!;
    const row = await loadOwned(db, userId, from.interviewId);
    const asked = (await reportContentOf(db, from.interviewId))?.questionReports[
      from.questionIndex
    ];
    if (!asked) throw conflict('A report the drill was made from changed: try again');
    snapshots.push(questionSnapshot(row, asked));
  }
  const record: DrillRecord = {
    minutes: DRILL.minutes,
    skills: plan.skills,
    attemptsRead: plan.attemptsRead,
    questions: plan.questions.map(({ retryFrom: _r, snapshot: _s, ...q }) => q),
  };
  const latest = await latestDifficulty(db, userId);
  const id = randomUUID();
  const made = await insertAttempt(db, ctx, userId, {
    id,
    title: `${DRILL_TITLE}: ${plan.skills.map((s) => s.skill).join(', ')}`.slice(0, 150),
    categoryName: DRILL_TITLE,
    difficulty: latest,
    // The fixed flow asks exactly these questions, each with its own kind (a coding question opens
    // its editor, a system-design one its board), and completes after the last.
    type: 'fixed',
    duration: DRILL.minutes,
    topics: plan.skills.map((s) => s.skill),
    questions: snapshots,
    followUpDepth: DEFAULT_FOLLOW_UP_DEPTH,
    inviteQuestions: false,
    drill: record,
  });
  return { id: made, roomId: `interview-${made}` };
}

async function latestDifficulty(db: Db, userId: string) {
  const [row] = await db
    .select({ difficulty: interviews.difficulty })
    .from(interviews)
    .where(and(eq(interviews.userId, userId), answered(), eq(interviews.status, 'completed')))
    .orderBy(desc(interviews.completedAt))
    .limit(1);
  return row?.difficulty ?? 'mid';
}

/** `GET /api/interview/:id/drill`: why each question of the candidate's drill is in it. */
export async function drillOf(db: Db, userId: string, interviewId: string): Promise<DrillPlan> {
  const row = await loadOwned(db, userId, interviewId);
  if (!row.drill) throw notFound('This attempt is not a drill');
  return publicPlan(row.drill);
}
