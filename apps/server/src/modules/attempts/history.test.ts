import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ATTEMPT_LIMITS } from '@candor/shared';
import { aiUsage, interviewMessages, interviews } from '../../db/schema';
import { testClock } from '../../test/clock';
import { databaseKinds, useTestApp } from '../../test/harness';
import { createAttempt, insertSet, saveAttempt, startLive } from '../../test/interviews';
import { requestAs, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';
import { sweepAbandoned } from './abandon';

/**
 * Decision 038: an attempt nobody answered is not history. Start twice is one attempt, Discard
 * leaves nothing of it, the idle sweep removes it, and History, progress, the coach's view, the
 * administrators' figures and the CSV agree that it is not there, until its first answer.
 */

const MINUTE = 60_000;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const ANSWER = 'A closure keeps the variables of the scope it was made in, like a private counter.';
const QUESTIONS = [{ questionText: 'What is a closure?' }, { questionText: 'What is hoisting?' }];

describe.each(databaseKinds())('attempts nobody answered on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, listen: true });
  const get = (url: string, who: SignedIn) => requestAs(ctx.app, 'GET', url, who);
  const db = () => ctx.database.db;

  /** Waits until the attempt's clock stopped (its live channel closed; the stop is written after). */
  async function stopped(id: string) {
    for (let i = 0; i < 200; i++) {
      const [row] = await db()
        .select({ presentAt: interviews.presentAt })
        .from(interviews)
        .where(eq(interviews.id, id));
      if (row?.presentAt === null) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the clock never stopped');
  }

  /** What each of the figures says of the candidate, as its reader sees it. */
  async function figures(candidate: SignedIn, admin: SignedIn) {
    const history = (await get('/api/interview?limit=50', candidate)).json();
    const stats = (await get('/api/user/stats', candidate)).json();
    const coach = (await get(`/api/admin/candidates/${candidate.userId}/attempts`, admin)).json();
    const coachStats = (await get(`/api/admin/candidates/${candidate.userId}`, admin)).json();
    const csv = (await get('/api/admin/results.csv', admin)).body;
    return {
      history: history.meta.totalCount as number,
      ids: (history.interviews as { id: string }[]).map((i) => i.id),
      stats: stats.totalInterviews as number,
      coach: coach.meta.totalCount as number,
      coachStats: coachStats.stats.totalInterviews as number,
      csvRows: csv.split('\n').filter((line: string) => line.includes(candidate.email)).length,
    };
  }

  it('Start twice without answering is one attempt, and none of it is history until answered', async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Twice' });
    const admin = await signInAdmin(ctx.app);
    const setId = await insertSet(db(), { type: 'fixed', questions: QUESTIONS });
    const before = (await get('/api/admin/analytics', admin)).json();

    const { id, live } = await startLive(ctx.app, candidate.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    // Back to the set, Start again: the same attempt, where it was.
    const again = await createAttempt(ctx.app, candidate.cookie, { interviewSetId: setId });
    expect(again.id).toBe(id);
    live.close();
    const third = await createAttempt(ctx.app, candidate.cookie, { interviewSetId: setId });
    expect(third.id).toBe(id);
    const mine = await db()
      .select()
      .from(interviews)
      .where(eq(interviews.userId, candidate.userId));
    expect(mine).toHaveLength(1);

    expect(await figures(candidate, admin)).toEqual({
      history: 0,
      ids: [],
      stats: 0,
      coach: 0,
      coachStats: 0,
      csvRows: 0,
    });
    expect((await get('/api/admin/analytics', admin)).json().totalInterviews).toBe(
      before.totalInterviews,
    );
    // Another set is another attempt.
    const otherSet = await insertSet(db(), { type: 'fixed', questions: QUESTIONS });
    expect(
      (await createAttempt(ctx.app, candidate.cookie, { interviewSetId: otherSet })).id,
    ).not.toBe(id);

    // The first answer makes it history, everywhere at once; Start then makes a new attempt.
    const back = await startLive(ctx.app, candidate.cookie, { interviewSetId: setId });
    expect(back.id).toBe(id);
    await back.live.next('state');
    await back.live.answer(ANSWER);
    expect(await figures(candidate, admin)).toMatchObject({
      history: 1,
      ids: [id],
      stats: 1,
      coach: 1,
      coachStats: 1,
    });
    const analytics = (await get('/api/admin/analytics', admin)).json();
    expect(analytics.totalInterviews).toBe(before.totalInterviews + 1);
    expect(analytics.inProgressInterviews).toBe(before.inProgressInterviews + 1);
    expect((await createAttempt(ctx.app, candidate.cookie, { interviewSetId: setId })).id).not.toBe(
      id,
    );
    back.live.close();
  });

  it('an attempt ended without an answer is not history either: not in History nor the CSV', async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Silent' });
    const admin = await signInAdmin(ctx.app);
    const { live } = await startLive(ctx.app, candidate.cookie, { category: 'Go' });
    await live.next('reply.end');
    live.send({ type: 'end', early: true });
    expect((await live.next('ended')).reportStatus).toBe('pending');
    live.close();
    expect(await figures(candidate, admin)).toMatchObject({ history: 0, stats: 0, csvRows: 0 });
  });

  it('Discard of an attempt nobody answered leaves nothing behind; its AI cost stays counted', async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Gone' });
    const setId = await insertSet(db(), { type: 'topic-based', topics: ['Node.js'] });
    const { id, live } = await startLive(ctx.app, candidate.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    live.close();
    await ctx.app.flushUsage();
    const usage = await db().select().from(aiUsage).where(eq(aiUsage.interviewId, id));
    expect(usage.length).toBeGreaterThan(0);

    const discarded = await saveAttempt(ctx.app, candidate.cookie, id, { status: 'cancelled' });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toMatchObject({ id, status: 'cancelled', cancelReason: 'discarded' });
    expect((await get(`/api/interview/${id}`, candidate)).statusCode).toBe(404);
    expect(await db().select().from(interviews).where(eq(interviews.id, id))).toEqual([]);
    expect(
      await db().select().from(interviewMessages).where(eq(interviewMessages.interviewId, id)),
    ).toEqual([]);
    expect((await get('/api/interview?status=all', candidate)).json().meta.totalCount).toBe(0);
    // The introduction's AI call is the candidate's now, not lost with the attempt.
    const kept = await db()
      .select()
      .from(aiUsage)
      .where(
        inArray(
          aiUsage.id,
          usage.map((u) => u.id),
        ),
      );
    expect(kept).toHaveLength(usage.length);
    for (const row of kept)
      expect(row).toMatchObject({ interviewId: null, userId: candidate.userId });
    // Discarding it again: it is not there.
    expect(
      (await saveAttempt(ctx.app, candidate.cookie, id, { status: 'cancelled' })).statusCode,
    ).toBe(404);
  });

  it('the idle sweep removes attempts nobody answered and abandons answered ones', async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Idle' });
    const unanswered = await startLive(ctx.app, candidate.cookie, { category: 'Idle' });
    await unanswered.live.next('reply.end');
    unanswered.live.close();
    const answered = await startLive(ctx.app, candidate.cookie, { category: 'Idle' });
    await answered.live.next('reply.end');
    await answered.live.answer(ANSWER);
    answered.live.close();
    await stopped(unanswered.id);
    await stopped(answered.id);

    clock.advance(25 * 60 * MINUTE);
    const swept = (await sweepAbandoned({ db: db(), log: silent, now: clock.now })).filter(
      (c) => c.userId === candidate.userId,
    );
    expect(swept.map((c) => c.id).sort()).toEqual([unanswered.id, answered.id].sort());
    const rows = await db()
      .select({ id: interviews.id, status: interviews.status, reason: interviews.cancelReason })
      .from(interviews)
      .where(eq(interviews.userId, candidate.userId));
    expect(rows).toEqual([{ id: answered.id, status: 'cancelled', reason: 'abandoned' }]);
  });

  it('a new attempt removes unanswered ones left for 10 minutes, never one the candidate is in', async () => {
    const candidate = await signUpCandidate(ctx.app, { firstName: 'Many' });
    const left = await createAttempt(ctx.app, candidate.cookie, { category: 'Left' });
    const inUse = await startLive(ctx.app, candidate.cookie, { category: 'Here' });
    await inUse.live.next('reply.end');
    const kept = async () =>
      (
        await db()
          .select({ id: interviews.id })
          .from(interviews)
          .where(eq(interviews.userId, candidate.userId))
      ).map((r) => r.id);

    clock.advance((ATTEMPT_LIMITS.unansweredKeptMinutes - 1) * MINUTE);
    const soon = await createAttempt(ctx.app, candidate.cookie, { category: 'Soon' });
    expect((await kept()).sort()).toEqual([left.id, inUse.id, soon.id].sort());

    clock.advance(2 * MINUTE);
    const later = await createAttempt(ctx.app, candidate.cookie, { category: 'Later' });
    // The one left behind is gone; the one a live channel holds stays, as does the newest.
    expect((await kept()).sort()).toEqual([inUse.id, soon.id, later.id].sort());
    inUse.live.close();
    await stopped(inUse.id);

    // So what the candidate cannot see never fills their limit of open attempts.
    clock.advance(ATTEMPT_LIMITS.unansweredKeptMinutes * 2 * MINUTE);
    for (let i = 0; i < ATTEMPT_LIMITS.unfinishedMax; i++) {
      await createAttempt(ctx.app, candidate.cookie, { category: `Quick ${i}` });
    }
  });
});
