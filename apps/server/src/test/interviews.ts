import crypto from 'node:crypto';
import type { QuestionKind, SystemDesignSpec } from '@candor/shared';
import type { App } from '../app';
import type { Db } from '../db/client';
import { categories, interviewSets, questions } from '../db/schema';
import { LiveClient } from './live-client';
import { ORIGIN } from './users';

/**
 * Interview fixtures of the server tests: sets written into the catalogue, attempts created
 * through the API (and opened on the live channel), and the report once it is final. The live
 * client is in live-client.ts, the sign-up in users.ts.
 */

/** A fixed set's first question with its expected answer, as several live tests ask it. */
export const CLOSURE_QUESTION = {
  questionText: 'What is a closure in JavaScript?',
  expectedAnswer:
    'A closure is a function that keeps access to variables of its outer scope after that scope has returned. Closures are used for data privacy, factories and callbacks.',
};

export async function insertSet(
  db: Db,
  options: {
    type: 'fixed' | 'topic-based';
    title?: string;
    topics?: string[];
    difficulty?: 'junior' | 'mid' | 'senior' | 'staff';
    duration?: number;
    isActive?: boolean;
    /** Follow-ups per question; fixed sets default to none here, so scripted tests stay scripts. */
    followUpDepth?: number;
    inviteQuestions?: boolean;
    questions?: {
      questionText: string;
      expectedAnswer?: string | null;
      kind?: QuestionKind;
      keyPoints?: string[];
      /** With kind system-design: its spec (issue 29). */
      systemDesign?: SystemDesignSpec;
      timeLimit?: number;
    }[];
  },
): Promise<string> {
  const [category] = await db
    .insert(categories)
    .values({ name: `Cat ${crypto.randomBytes(3).toString('hex')}` })
    .returning();
  const [set] = await db
    .insert(interviewSets)
    .values({
      categoryId: category!.id,
      title: options.title ?? 'Test set',
      type: options.type,
      difficulty: options.difficulty ?? 'mid',
      topics: options.topics ?? [],
      duration: options.duration ?? 30,
      isActive: options.isActive ?? true,
      followUpDepth: options.followUpDepth ?? (options.type === 'fixed' ? 0 : 1),
      // As migrated sets are: a fixed set closes after its last question unless a test asks.
      inviteQuestions: options.inviteQuestions ?? options.type !== 'fixed',
    })
    .returning();
  const list = options.questions ?? [];
  if (list.length > 0) {
    await db.insert(questions).values(
      list.map((q, i) => ({
        interviewSetId: set!.id,
        questionText: q.questionText,
        expectedAnswer: q.expectedAnswer ?? null,
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.keyPoints ? { keyPoints: q.keyPoints } : {}),
        ...(q.systemDesign ? { systemDesign: q.systemDesign } : {}),
        ...(q.timeLimit ? { timeLimit: q.timeLimit } : {}),
        order: i + 1,
      })),
    );
  }
  return set!.id;
}

export async function createAttempt(app: App, cookie: string, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/interview',
    headers: { cookie, origin: ORIGIN },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; roomId: string };
}

/**
 * An attempt created with `payload` and answered once through the REST save: history from then on
 * (an attempt nobody answered is not, decision 038).
 */
export async function createAnsweredAttempt(
  app: App,
  cookie: string,
  payload: Record<string, unknown>,
) {
  const created = await createAttempt(app, cookie, payload);
  const res = await saveAttempt(app, cookie, created.id, {
    conversation: [{ id: crypto.randomUUID(), speaker: 'User', message: 'My first answer.' }],
  });
  if (res.statusCode !== 200) throw new Error(`answer failed: ${res.statusCode} ${res.body}`);
  return created;
}

/** A candidate's attempt (created with `payload`) open on the live channel, `start` sent. */
export async function startLive(app: App, cookie: string, payload: Record<string, unknown>) {
  const { id } = await createAttempt(app, cookie, payload);
  const live = await LiveClient.connect(app, id, cookie);
  live.start();
  return { id, live };
}

/** The REST save (`PUT /api/interview/:id`) as a page sends it; the answer, whatever it is. */
export function saveAttempt(app: App, cookie: string, id: string, payload: object) {
  return app.inject({
    method: 'PUT',
    url: `/api/interview/${id}`,
    headers: { cookie, origin: ORIGIN },
    payload,
  });
}

/**
 * Polls the report until it is final: for a test that no longer holds the socket (a connected
 * one hears the `report` frame).
 */
export async function waitForReport(app: App, cookie: string, id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/report/interview/${id}`,
      headers: { cookie },
    });
    if (res.statusCode === 200 && res.json().status !== 'pending') return res.json();
    if (Date.now() > until) throw new Error(`report still pending: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * "Check your answers" (decision 024): an attempt that ended with spoken answers waits for the
 * candidate before its report; this finishes the check as the page's Skip does.
 */
export async function finishAnswerCheck(app: App, cookie: string, id: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/interview/${id}/check`,
    headers: { cookie, origin: ORIGIN },
  });
  if (res.statusCode !== 200) throw new Error(`finishing the check failed: ${res.statusCode}`);
  return res.json() as { reportStatus: string };
}
