import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTEMPT_CLOCK, timeLeftMs } from '@candor/shared';
import { interviews } from '../../db/schema';
import { elapsedMs } from '../../engine/completion';
import { TOPIC_TIME_UP, fixedTimeUp } from '../../engine/messages';
import { FAREWELL, WRAP_UP } from '../../ai/builtin/interviewer';
import { testClock } from '../../test/clock';
import {
  createTestApp,
  databaseKinds,
  openTestDatabase,
  useTestApp,
  type TestContext,
} from '../../test/harness';
import {
  createAttempt,
  insertSet,
  saveAttempt,
  startLive,
  waitForReport,
} from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { requestAs, signUpCandidate, type SignedIn } from '../../test/users';
import { clockOf, clockWrite, renewHolds } from '../interviews';

/**
 * Decision 038: interview time counts only while the candidate is in the interview. A live
 * channel holds the attempt's clock from its `start`; when the last one closes the clock stops,
 * and a resumed attempt goes on with the time it had left. The interview clock is moved by the
 * test (the app's `now`), never slept on; the hold is read on the wall clock.
 */

const MINUTE = 60_000;
const QUESTIONS = [
  { questionText: 'What is a closure?' },
  { questionText: 'What is hoisting?' },
  { questionText: 'What is the event loop?' },
];
const ANSWER = 'A closure keeps the variables of the scope it was made in, like a private counter.';
/** The test's clock is real time plus what it moved: what a request itself takes counts too. */
const about = (ms: number) => ({ asymmetricMatch: (v: number) => v >= ms && v < ms + 5_000 });

describe.each(databaseKinds())('the interview clock on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, listen: true });
  const db = () => ctx.database.db;
  const row = async (id: string) =>
    (await db().select().from(interviews).where(eq(interviews.id, id)))[0]!;
  const detail = async (id: string, who: SignedIn) =>
    (await requestAs(ctx.app, 'GET', `/api/interview/${id}`, who)).json();

  /** Waits until the attempt's clock stopped (written just after its channel closed). */
  async function stopped(id: string) {
    for (let i = 0; i < 200; i++) {
      if ((await row(id)).presentAt === null) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the clock never stopped');
  }

  async function fixedAttempt(duration: number) {
    const who = await signUpCandidate(ctx.app, { firstName: 'Clock' });
    const setId = await insertSet(db(), { type: 'fixed', duration, questions: QUESTIONS });
    const { id, live } = await startLive(ctx.app, who.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    return { who, setId, id, live };
  }

  it('an attempt left after one answer and resumed 30 minutes later goes on with the time it had left', async () => {
    const { who, id, live } = await fixedAttempt(10);
    clock.advance(MINUTE);
    await live.answer(ANSWER);
    live.close();
    await stopped(id);

    clock.advance(30 * MINUTE);
    // Everything that reads the attempt sees the one minute it counted.
    const counted = (await detail(id, who)).elapsedMs;
    expect(counted).toEqual(about(MINUTE));
    const history = (await requestAs(ctx.app, 'GET', '/api/interview', who)).json();
    expect(history.interviews[0]).toMatchObject({ id, status: 'in_progress', elapsedMs: counted });
    expect(timeLeftMs(10, counted)).toBeGreaterThan(8.9 * MINUTE);

    // Resume: no time-up, the next question, and the time-up timer set for the nine minutes left.
    const back = await LiveClient.connect(ctx.app, id, who.cookie);
    back.start();
    const state = await back.next('state');
    expect(state.interview.elapsedMs).toBe(counted);
    clock.advance(2 * MINUTE);
    const second = await back.answer(ANSWER);
    expect(second.reply.message).toContain(QUESTIONS[2]!.questionText);
    expect(back.frames.some((f) => f.type === 'completed')).toBe(false);

    // Time is up after ten minutes counted, not ten minutes since the start.
    clock.advance(7 * MINUTE);
    const last = await back.answer(ANSWER);
    expect(last.reply.message).toBe(fixedTimeUp(10));
    back.send({ type: 'end' });
    await back.next('ended');
    back.close();
    const report = await waitForReport(ctx.app, who.cookie, id);
    // The report says the ten minutes the clock counted, not the forty since the start.
    expect(report.overview.interviewDuration).toBeCloseTo(10, 0);
    expect((await row(id)).presentAt).toBeNull();
  });

  it('keeps counting while another channel is open, and stops when the last one closes', async () => {
    const { who, id, live } = await fixedAttempt(30);
    const second = await LiveClient.connect(ctx.app, id, who.cookie);
    second.start();
    await second.next('state');
    second.close();
    clock.advance(2 * MINUTE);
    // The first channel is still open: the clock ran on.
    expect((await row(id)).presentAt).not.toBeNull();
    expect((await detail(id, who)).elapsedMs).toBeGreaterThanOrEqual(2 * MINUTE);
    live.close();
    await stopped(id);
    const counted = (await detail(id, who)).elapsedMs;
    clock.advance(60 * MINUTE);
    expect((await detail(id, who)).elapsedMs).toBe(counted);
  });

  it('renews the holds of open channels in one statement, counting the time since as the engine does', async () => {
    const { id, live } = await fixedAttempt(30);
    clock.advance(5 * MINUTE);
    const before = await row(id);
    const expected = clockWrite(before, clock.now(), 'arrived');
    const now = clock.now();
    await renewHolds(db(), [id], now);
    const after = await row(id);
    expect(Number(after.activeMs)).toBe(expected.activeMs);
    expect(after.presentAt!.getTime()).toBe(now.getTime());
    expect(after.presentUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(elapsedMs(clockOf(after), now)).toBe(elapsedMs(clockOf(before), now));
    live.close();
  });

  it('a channel whose process died stops counting when its hold runs out', async () => {
    const { who, id, live } = await fixedAttempt(30);
    live.close();
    await stopped(id);
    // As a process leaves it when killed: the clock running, its hold no longer renewed.
    const presentAt = clock.now();
    await db()
      .update(interviews)
      .set({ activeMs: MINUTE, presentAt, presentUntil: new Date(Date.now() - 1) })
      .where(eq(interviews.id, id));
    clock.advance(20 * MINUTE);
    expect((await detail(id, who)).elapsedMs).toBe(MINUTE + ATTEMPT_CLOCK.holdMs);
    // Back on another process: it goes on from what was counted.
    const back = await LiveClient.connect(ctx.app, id, who.cookie);
    back.start();
    expect((await back.next('state')).interview.elapsedMs).toBe(MINUTE + ATTEMPT_CLOCK.holdMs);
    back.close();
  });

  it('a client that says when it started has been in the interview since', async () => {
    const who = await signUpCandidate(ctx.app, { firstName: 'Rest' });
    const setId = await insertSet(db(), { type: 'fixed', duration: 10, questions: QUESTIONS });
    const { id } = await createAttempt(ctx.app, who.cookie, { interviewSetId: setId });
    const startedAt = new Date(clock.now().getTime() - 9 * MINUTE).toISOString();
    await saveAttempt(ctx.app, who.cookie, id, { status: 'in_progress', startedAt });
    expect((await detail(id, who)).elapsedMs).toEqual(about(9 * MINUTE));
  });

  it('time-up after the interviewer said goodbye adds no second closing', async () => {
    const who = await signUpCandidate(ctx.app, { firstName: 'Bye' });
    const setId = await insertSet(db(), { type: 'topic-based', topics: ['Node.js'], duration: 5 });
    const { id, live } = await startLive(ctx.app, who.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    // Into the last minutes: the interviewer invites the candidate's questions, then says goodbye.
    clock.advance(3.5 * MINUTE);
    const invited = await live.answer('I build Node.js services with Fastify and PostgreSQL.');
    expect(invited.reply.message).toContain(WRAP_UP);
    const bye = await live.answer("No, that's all, thank you.");
    expect(bye.reply.message).toBe(FAREWELL);

    // Time runs out after the goodbye completed the attempt: a new channel has no timer to fire,
    // and a word after the goodbye hears that the interview is over, not another goodbye. Its
    // reply is the last thing the channel says, so nothing the timer could say is still to come.
    clock.advance(2 * MINUTE);
    const watcher = await LiveClient.connect(ctx.app, id, who.cookie);
    watcher.start();
    await watcher.next('state');
    const late = await watcher.answer('Thanks again!');
    expect(late.reply.message).not.toBe(TOPIC_TIME_UP);
    expect(late.reply.message).not.toBe(FAREWELL);
    const ai = (await detail(id, who)).conversation
      .filter((m: { speaker: string }) => m.speaker === 'AI')
      .map((m: { message: string }) => m.message);
    expect(ai.filter((m: string) => m === FAREWELL)).toHaveLength(1);
    expect(ai).not.toContain(TOPIC_TIME_UP);
    // And End needs no confirmation.
    watcher.send({ type: 'end' });
    expect((await watcher.next('ended')).reportStatus).toBe('pending');
    watcher.close();
    live.close();
  });
});

/**
 * Two apps on one PostgreSQL, as two server processes behind a balancer: each has its own sockets
 * and loops, only the database is shared. The clock lives in the attempt's row, so where the
 * candidate comes back does not matter.
 */
describe.runIf(databaseKinds().includes('postgres'))(
  'the interview clock across two processes on one PostgreSQL',
  () => {
    const clock = testClock();
    let database: Awaited<ReturnType<typeof openTestDatabase>>;
    let one: TestContext;
    let two: TestContext;
    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      one = await createTestApp('postgres', {}, { database, now: clock.now, listen: true });
      two = await createTestApp('postgres', {}, { database, now: clock.now, listen: true });
    });
    afterAll(async () => {
      await one?.app.close();
      await two?.app.close();
      await database?.close();
    });
    const row = async (id: string) =>
      (await database.db.select().from(interviews).where(eq(interviews.id, id)))[0]!;
    async function stopped(id: string) {
      for (let i = 0; i < 200 && (await row(id)).presentAt !== null; i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
    }

    it('left on one process and resumed on the other, an attempt goes on with the time it had left', async () => {
      const who = await signUpCandidate(one.app, { firstName: 'Two' });
      const setId = await insertSet(database.db, {
        type: 'fixed',
        duration: 10,
        questions: QUESTIONS,
      });
      const { id, live } = await startLive(one.app, who.cookie, { interviewSetId: setId });
      await live.next('reply.end');
      clock.advance(MINUTE);
      await live.answer(ANSWER);
      live.close();
      await stopped(id);

      clock.advance(30 * MINUTE);
      const back = await LiveClient.connect(two.app, id, who.cookie);
      back.start();
      expect((await back.next('state')).interview.elapsedMs).toEqual(about(MINUTE));
      clock.advance(2 * MINUTE);
      expect((await back.answer(ANSWER)).reply.message).toContain(QUESTIONS[2]!.questionText);
      back.close();
    });

    it('a channel closing on one process while another is open elsewhere: the other’s next renewal runs the clock again', async () => {
      const who = await signUpCandidate(one.app, { firstName: 'Both' });
      const setId = await insertSet(database.db, {
        type: 'fixed',
        duration: 30,
        questions: QUESTIONS,
      });
      const { id, live } = await startLive(one.app, who.cookie, { interviewSetId: setId });
      await live.next('reply.end');
      const other = await LiveClient.connect(two.app, id, who.cookie);
      other.start();
      await other.next('state');
      // The first process does not know of the second's channel: its departure stops the clock.
      live.close();
      await stopped(id);
      const counted = Number((await row(id)).activeMs);
      clock.advance(10_000);
      // The second process renews the holds of its open channels (its loop, run here at once).
      await renewHolds(database.db, [id], clock.now());
      clock.advance(MINUTE);
      const now = clock.now();
      // Running again, having lost only the time between the departure and the renewal.
      expect(elapsedMs(clockOf(await row(id)), now)).toBeGreaterThanOrEqual(counted + MINUTE);
      other.close();
    });
  },
);
