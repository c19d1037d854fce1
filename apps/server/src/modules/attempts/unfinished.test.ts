import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { interviewMessages, interviews, reports } from '../../db/schema';
import { MESSAGES } from '../../engine/messages';
import { createTestApp, useTestApp, databaseKinds, openTestDatabase } from '../../test/harness';
import { testClock } from '../../test/clock';
import { insertCandidate } from '../../test/fixtures';
import { sweepAbandoned } from './abandon';
import { createAttempt, insertSet, saveAttempt, startLive } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';

/**
 * Unfinished attempts: History's Not Completed filter, Resume (the live channel picks the attempt
 * up where it was), Discard (cancelled, reason discarded), and the idle sweep that closes attempts
 * untouched for 24 hours as abandoned (or removes them, when nobody answered them: decision 038,
 * whose own tests are in history.test.ts).
 */

const HOUR = 3_600_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** An attempt written straight into the table, last changed `idleHours` ago (answered then). */
async function idleAttempt(
  db: Db,
  userId: string,
  status: 'scheduled' | 'in_progress' | 'completed' | 'cancelled',
  idleHours: number,
  answered = true,
): Promise<string> {
  const at = new Date(Date.now() - idleHours * HOUR);
  const [row] = await db
    .insert(interviews)
    .values({
      userId,
      roomId: 'room',
      title: 'Idle attempt',
      categoryName: 'Backend',
      difficulty: 'mid',
      type: 'fixed',
      duration: 30,
      status,
      startedAt: status === 'scheduled' ? null : at,
      completedAt: status === 'completed' ? at : null,
      answeredAt: answered ? at : null,
      createdAt: at,
      scheduledAt: at,
      updatedAt: at,
    })
    .returning({ id: interviews.id });
  return row!.id;
}

/** As if the candidate had answered it (the filters under test list answered attempts only). */
async function markAnswered(db: Db, ...ids: string[]) {
  await db.update(interviews).set({ answeredAt: new Date() }).where(inArray(interviews.id, ids));
}

async function statusOf(db: Db, id: string) {
  const [row] = await db
    .select({ status: interviews.status, cancelReason: interviews.cancelReason })
    .from(interviews)
    .where(eq(interviews.id, id));
  return row;
}

describe.each(databaseKinds())('unfinished attempts on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, listen: true });

  const get = (url: string, cookie: string) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  const sweep = () => sweepAbandoned({ db: ctx.database.db, log: silent, now: clock.now });

  it('Not Completed finds scheduled and in-progress attempts; a set filter finds one set', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: [] });
    const scheduled = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    const started = await createAttempt(ctx.app, cookie, { category: 'Go' });
    const done = await createAttempt(ctx.app, cookie, { category: 'Go' });
    const discarded = await createAttempt(ctx.app, cookie, { category: 'Go' });
    const db = ctx.database.db;
    await db.update(interviews).set({ status: 'in_progress' }).where(eq(interviews.id, started.id));
    await db.update(interviews).set({ status: 'completed' }).where(eq(interviews.id, done.id));
    await markAnswered(db, scheduled.id, started.id, done.id, discarded.id);
    await saveAttempt(ctx.app, cookie, discarded.id, { status: 'cancelled' });

    const ids = async (query: string) =>
      (await get(`/api/interview?${query}`, cookie))
        .json()
        .interviews.map((i: { id: string }) => i.id)
        .sort();
    expect(await ids('status=not_completed')).toEqual([scheduled.id, started.id].sort());
    // `scheduled` keeps its meaning for clients that send it.
    expect(await ids('status=scheduled')).toEqual([scheduled.id]);
    expect(await ids(`status=not_completed&setId=${setId}`)).toEqual([scheduled.id]);
    // Only one's own attempts, whatever the filter names.
    const other = await signUpCandidate(ctx.app, { firstName: 'Eve' });
    const theirs = await get(`/api/interview?status=not_completed&setId=${setId}`, other.cookie);
    expect(theirs.json().interviews).toEqual([]);
    const bad = await get('/api/interview?setId=nope', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ setId: 'setId must be a valid id' });
  });

  it('Discard: the attempt is cancelled (reason discarded), kept in History, never resumed', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [{ questionText: 'What is a closure?' }, { questionText: 'What is hoisting?' }],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    await live.answer('A function that keeps the variables of the scope it was created in.');

    const res = await saveAttempt(ctx.app, cookie, id, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'discarded' });
    const row = (await get(`/api/interview?status=cancelled`, cookie))
      .json()
      .interviews.find((i: { id: string }) => i.id === id);
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'discarded' });
    // The conversation stays; nothing more is taken.
    expect((await get(`/api/interview/${id}`, cookie)).json().conversation).toHaveLength(3);
    const answerId = crypto.randomUUID();
    live.send({ type: 'answer', id: answerId, text: 'One more thought.', mode: 'typed' });
    expect(await live.next('error')).toMatchObject({
      code: 'interview_ended',
      id: answerId,
      message: MESSAGES.cancelled,
    });
    live.close();

    // Discarding a finished attempt changes nothing.
    const done = await createAttempt(ctx.app, cookie, { category: 'Go' });
    await ctx.database.db
      .update(interviews)
      .set({ status: 'completed' })
      .where(eq(interviews.id, done.id));
    const again = await saveAttempt(ctx.app, cookie, done.id, { status: 'cancelled' });
    expect(again.json()).toMatchObject({ status: 'completed', cancelReason: null });
  });

  it('closes attempts untouched for 24 hours as abandoned; opening one counts as activity', async () => {
    const { cookie, userId } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [{ questionText: 'What is a closure?' }, { questionText: 'What is hoisting?' }],
    });
    const answerOnce = async (id: string) => {
      const live = await LiveClient.connect(ctx.app, id, cookie);
      live.start();
      await live.next('reply.end');
      await live.answer('A function that keeps the variables of the scope it was created in.');
      live.close();
    };
    const left = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    await answerOnce(left.id);
    const resumed = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    await answerOnce(resumed.id);

    clock.advance(23 * HOUR);
    expect(await sweep()).toEqual([]);
    // Resume, 23 hours later: the attempt picks up where it was.
    const back = await LiveClient.connect(ctx.app, resumed.id, cookie);
    back.start();
    const state = await back.next('state');
    expect(state.interview.status).toBe('in_progress');
    expect(state.messages.map((m) => m.speaker)).toEqual(['AI', 'User', 'AI']);
    back.close();

    clock.advance(2 * HOUR);
    // (Other tests' attempts are a day old on this clock too: only this candidate's are looked at.)
    const closed = (await sweep()).filter((c) => c.userId === userId);
    expect(closed).toEqual([{ id: left.id, userId }]);
    expect(await statusOf(ctx.database.db, left.id)).toEqual({
      status: 'cancelled',
      cancelReason: 'abandoned',
    });
    expect((await statusOf(ctx.database.db, resumed.id))!.status).toBe('in_progress');

    // History shows why; the live channel refuses with the reason.
    const item = (await get('/api/interview?status=cancelled', cookie))
      .json()
      .interviews.find((i: { id: string }) => i.id === left.id);
    expect(item.cancelReason).toBe('abandoned');
    const live = await LiveClient.connect(ctx.app, left.id, cookie);
    const answerId = crypto.randomUUID();
    live.send({ type: 'answer', id: answerId, text: 'Hello, is anyone there?', mode: 'typed' });
    expect(await live.next('error')).toMatchObject({
      code: 'interview_ended',
      message: MESSAGES.abandoned,
    });
    live.close();
  });

  it('a message stored in the last 24 hours keeps an attempt open; finished attempts are never touched', async () => {
    const userId = await insertCandidate(ctx.database.db, 1);
    const db = ctx.database.db;
    const talking = await idleAttempt(db, userId, 'in_progress', 48);
    await db.insert(interviewMessages).values({
      id: crypto.randomUUID(),
      interviewId: talking,
      seq: 1,
      speaker: 'User',
      message: 'Still here, thinking about the answer.',
    });
    const completed = await idleAttempt(db, userId, 'completed', 48);
    const cancelled = await idleAttempt(db, userId, 'cancelled', 48);
    const idle = await idleAttempt(db, userId, 'in_progress', 48);
    const closed = await sweepAbandoned({ db, log: silent, now: () => new Date() });
    expect(closed.map((c) => c.id)).toContain(idle);
    expect(closed.map((c) => c.id)).not.toContain(talking);
    expect((await statusOf(db, talking))!.status).toBe('in_progress');
    expect(await statusOf(db, completed)).toEqual({ status: 'completed', cancelReason: null });
    expect(await statusOf(db, cancelled)).toEqual({ status: 'cancelled', cancelReason: null });
  });

  it('two sweeps at once close each attempt once, at most a batch each', async () => {
    const userId = await insertCandidate(ctx.database.db, 2);
    const db = ctx.database.db;
    const mine = await Promise.all(
      Array.from({ length: 5 }, () => idleAttempt(db, userId, 'in_progress', 30)),
    );
    const options = { idleMs: 24 * HOUR, batch: 3, timeoutMs: 10_000 };
    const deps = { db, log: silent, now: () => new Date() };
    const [a, b] = await Promise.all([
      sweepAbandoned(deps, options),
      sweepAbandoned(deps, options),
    ]);
    expect(a.length).toBeLessThanOrEqual(3);
    expect(b.length).toBeLessThanOrEqual(3);
    const both = [...a, ...b].map((c) => c.id).filter((id) => mine.includes(id));
    expect(new Set(both).size).toBe(both.length);
    // Whatever the first two left (other tests' idle rows may have taken a slot) the next takes.
    await sweepAbandoned(deps, options);
    const rows = await db
      .select({ status: interviews.status, cancelReason: interviews.cancelReason })
      .from(interviews)
      .where(inArray(interviews.id, mine));
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toEqual({ status: 'cancelled', cancelReason: 'abandoned' });
  });

  it('abandoned attempts count neither as completed nor in the average score', async () => {
    const { cookie, userId } = await signUpCandidate(ctx.app);
    const db = ctx.database.db;
    const done = await idleAttempt(db, userId, 'completed', 1);
    await db
      .insert(reports)
      .values({ interviewId: done, userId, status: 'completed', overallScore: 80 });
    await idleAttempt(db, userId, 'in_progress', 30);
    await sweepAbandoned({ db, log: silent, now: () => new Date() });
    const stats = (await get('/api/user/stats', cookie)).json();
    expect(stats).toMatchObject({ totalInterviews: 2, completedInterviews: 1, averageScore: 80 });
  });
});

describe.each(databaseKinds())('the idle sweep in the server process on %s', (kind) => {
  it('runs at start-up, and the app still shuts down cleanly', async () => {
    const database = await openTestDatabase(kind);
    const userId = await insertCandidate(database.db, 3);
    const idle = await idleAttempt(database.db, userId, 'in_progress', 25);
    const fresh = await idleAttempt(database.db, userId, 'in_progress', 1);
    const ctx = await createTestApp(kind, {}, { database });
    try {
      for (let i = 0; i < 200; i++) {
        if ((await statusOf(database.db, idle))!.status === 'cancelled') break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(await statusOf(database.db, idle)).toEqual({
        status: 'cancelled',
        cancelReason: 'abandoned',
      });
      expect((await statusOf(database.db, fresh))!.status).toBe('in_progress');
    } finally {
      // The sweep's timer is pending: closing stops it and resolves (no hang, no late query).
      await ctx.close();
    }
  });
});
