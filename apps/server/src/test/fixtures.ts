import type { Difficulty } from '@candor/shared';
import type { Db } from '../db/client';
import { categories, interviewSets, interviews, questions, reports, user } from '../db/schema';

/**
 * Test fixtures written straight into the tables, so a test can state exactly which attempts and
 * reports exist and hand-count what the API must answer.
 */
export type AttemptStatus = 'scheduled' | 'in_progress' | 'completed' | 'cancelled';

export interface AttemptOptions {
  title?: string;
  interviewSetId?: string;
  difficulty?: Difficulty;
  category?: string;
  topics?: string[];
  completedAt?: Date;
  createdAt?: Date;
  /** A report with this overall score; its dimensions default to the same score. */
  score?: number;
  dims?: [communication: number, problemSolving: number, confidence: number];
  reportStatus?: 'pending' | 'completed' | 'failed';
  /**
   * Whether the candidate answered it (an attempt nobody answered is not history, decision 038):
   * yes by default, since a fixture stands for an attempt that counts; a test of the ones that
   * do not says so.
   */
  answered?: boolean;
}

export async function insertAttempt(
  db: Db,
  userId: string,
  status: AttemptStatus,
  opts: AttemptOptions = {},
): Promise<string> {
  const [row] = await db
    .insert(interviews)
    .values({
      userId,
      roomId: 'room',
      title: opts.title ?? 'Attempt',
      categoryName: opts.category ?? 'Frontend',
      interviewSetId: opts.interviewSetId ?? null,
      difficulty: opts.difficulty ?? 'mid',
      type: 'fixed',
      duration: 30,
      topics: opts.topics ?? [],
      status,
      completedAt: status === 'completed' ? (opts.completedAt ?? new Date()) : null,
      answeredAt: (opts.answered ?? true) ? (opts.createdAt ?? new Date()) : null,
      ...(opts.createdAt ? { createdAt: opts.createdAt, scheduledAt: opts.createdAt } : {}),
    })
    .returning({ id: interviews.id });
  if (opts.score !== undefined || opts.reportStatus) {
    const scored = (opts.reportStatus ?? 'completed') === 'completed';
    const [c, p, f] = opts.dims ?? [opts.score, opts.score, opts.score];
    await db.insert(reports).values({
      interviewId: row!.id,
      userId,
      status: opts.reportStatus ?? 'completed',
      overallScore: scored ? (opts.score ?? null) : null,
      communicationScore: scored ? (c ?? null) : null,
      problemSolvingScore: scored ? (p ?? null) : null,
      confidenceScore: scored ? (f ?? null) : null,
    });
  }
  return row!.id;
}

/** A candidate row without an account: enough for the admin lists, not for signing in. */
export async function insertCandidate(
  db: Db,
  n: number,
  opts: {
    firstName?: string;
    lastName?: string;
    status?: 'active' | 'inactive';
    experienceLevel?: 'junior' | 'mid' | 'senior' | 'staff';
    createdAt?: Date;
  } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const firstName = opts.firstName ?? 'Cand';
  const lastName = opts.lastName ?? `Number${n}`;
  await db.insert(user).values({
    id,
    name: `${firstName} ${lastName}`,
    email: `cand${n}.${id.slice(-6)}@fixture.test`,
    firstName,
    lastName,
    status: opts.status ?? 'active',
    experienceLevel: opts.experienceLevel ?? 'mid',
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
  return id;
}

/**
 * One row of each catalogue kind and an attempt of `userId`: a category named `name`, its fixed
 * set of one question, and a scheduled attempt. Their ids, for tests that call every route taking
 * one (the authorisation matrix, the fuzzing).
 */
export async function insertCatalogueRows(db: Db, userId: string, name: string) {
  const [category] = await db.insert(categories).values({ name }).returning();
  const [set] = await db
    .insert(interviewSets)
    .values({ categoryId: category!.id, title: `${name} set`, type: 'fixed' })
    .returning();
  const [question] = await db
    .insert(questions)
    .values({ interviewSetId: set!.id, questionText: 'Q?', order: 1 })
    .returning();
  const attempt = await insertAttempt(db, userId, 'scheduled', {
    title: `${name} set`,
    category: name,
  });
  return { category: category!.id, set: set!.id, question: question!.id, attempt };
}
