import { eq, isNotNull, and } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CREDITS_EXHAUSTED } from '@candor/shared';
import { interviewMessages, interviews } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { createAttempt, insertSet, saveAttempt } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import {
  ORIGIN,
  signIn,
  signInAdmin,
  signUpCandidate,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/users';
import { createAdmin } from '../../platform/auth/first-admin';
import { cookiesFrom } from '../../test/harness';

/**
 * Credits (issue 17): one credit per interview, charged with its first stored answer, in that
 * answer's transaction; refused past the limit with 403 CREDITS_EXHAUSTED; limits per candidate
 * and for the platform; calendar months in UTC. The interview clock is this test's own, so the
 * month can turn without waiting.
 */

const QUESTIONS = [
  { questionText: 'What is a closure in JavaScript?', expectedAnswer: null },
  { questionText: 'Explain the event loop.', expectedAnswer: null },
  { questionText: 'What does a CDN cache?', expectedAnswer: null },
];

// Spoken like people speak: an opening filler, several sentences, a name with an apostrophe.
const ANSWER =
  "Okay, so a closure is a function that keeps the variables of the scope it was created in. Zoë O'Brien-Smith showed me one for a private counter. It still works after the outer function returned, which is why callbacks can use it.";

describe.each(databaseKinds())('credits on %s', (kind) => {
  const ctx = useTestApp(kind, { CREDITS_DEFAULT_LIMIT: '2' }, { now: () => clock, listen: true });
  let clock = new Date('2026-03-31T22:00:00Z');
  let setId: string;
  let admin: { cookie: string };

  beforeAll(async () => {
    setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS, duration: 60 });
    admin = await signInAdmin(ctx.app);
  });

  const stats = async (cookie: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/stats',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      creditsUsed: number;
      creditsLimit: number | null;
      creditsPeriod: string;
    };
  };
  const start = (cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie, origin: ORIGIN },
      payload: { interviewSetId: setId },
    });
  const adminPut = (url: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: admin.cookie, origin: ORIGIN },
      payload: payload as object,
    });
  const opened = async (cookie: string, id: string) => {
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    await live.next('state');
    await live.next('reply.end');
    return live;
  };
  /**
   * A new attempt of a fixed set of its own: Start of a set with an unanswered attempt gives that
   * one back (decision 038), and these tests want several unanswered at once.
   */
  const attemptOfItsOwn = async (cookie: string) =>
    createAttempt(ctx.app, cookie, {
      interviewSetId: await insertSet(ctx.database.db, {
        type: 'fixed',
        questions: QUESTIONS,
        duration: 60,
      }),
    });
  const charged = async (userId: string) =>
    (
      await ctx.database.db
        .select({ id: interviews.id })
        .from(interviews)
        .where(and(eq(interviews.userId, userId), isNotNull(interviews.creditChargedAt)))
    ).length;

  it('charges one credit with the first stored answer only, not for opening or leaving', async () => {
    clock = new Date('2026-03-31T22:00:00Z');
    const { cookie, userId } = await signUpCandidate(ctx.app, { firstName: 'Zoë' });
    expect(await stats(cookie)).toMatchObject({
      creditsUsed: 0,
      creditsLimit: 2,
      creditsPeriod: 'month',
    });

    // Opened and left before answering: free. Start again goes back to it (decision 038).
    const left = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    (await opened(cookie, left.id)).close();
    expect((await stats(cookie)).creditsUsed).toBe(0);

    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    expect(id).toBe(left.id);
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    await live.next('state');
    await live.answer(ANSWER);
    expect((await stats(cookie)).creditsUsed).toBe(1);
    await live.answer(
      'The event loop runs callbacks when the stack is empty. Microtasks go first.',
    );
    await live.answer('A CDN caches static files near the user.');
    expect((await stats(cookie)).creditsUsed).toBe(1);
    expect(await charged(userId)).toBe(1);
    live.close();
  });

  it('two sockets answering the same attempt at once charge it once', async () => {
    const { cookie, userId } = await signUpCandidate(ctx.app);
    const { id } = await attemptOfItsOwn(cookie);
    const a = await opened(cookie, id);
    const b = await LiveClient.connect(ctx.app, id, cookie);
    b.start();
    await b.next('state');
    const first = a.sendAnswer(ANSWER);
    const second = b.sendAnswer('Okay, so I would say a closure captures its outer variables.');
    await a.next((f) => f.type === 'ack' && f.id === first);
    await b.next((f) => f.type === 'ack' && f.id === second);
    expect(await charged(userId)).toBe(1);
    expect((await stats(cookie)).creditsUsed).toBe(1);
    a.close();
    b.close();
  });

  it('two attempts answered at once with one credit left: one is stored, the other refused', async () => {
    const { cookie, userId } = await signUpCandidate(ctx.app);
    expect(
      (await adminPut(`/api/admin/candidates/${userId}/credits`, { creditsLimit: 1 })).statusCode,
    ).toBe(200);
    const one = await attemptOfItsOwn(cookie);
    const two = await attemptOfItsOwn(cookie);
    const a = await opened(cookie, one.id);
    const b = await opened(cookie, two.id);
    const ids = [a.sendAnswer(ANSWER), b.sendAnswer(ANSWER)];
    const outcomes = await Promise.all(
      [a, b].map((live, i) =>
        live.next((f) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === ids[i]),
      ),
    );
    expect(outcomes.map((f) => f.type).sort()).toEqual(['ack', 'error']);
    const refusal = outcomes.find((f) => f.type === 'error') as { code: string; message: string };
    expect(refusal.code).toBe('credits_exhausted');
    expect(refusal.message).toMatch(
      /^You have no interviews left this month \(your limit is 1\)\./,
    );
    expect(await charged(userId)).toBe(1);
    // The refused answer was not stored.
    const stored = await ctx.database.db
      .select({ id: interviewMessages.id })
      .from(interviewMessages)
      .where(eq(interviewMessages.speaker, 'User'))
      .then((rows) => rows.map((r) => r.id));
    expect(stored).toContain(ids[outcomes.findIndex((f) => f.type === 'ack')]);
    expect(stored).not.toContain(ids[outcomes.findIndex((f) => f.type === 'error')]);
    a.close();
    b.close();
  });

  it('refuses a new interview past the limit with 403 CREDITS_EXHAUSTED, and the REST save too', async () => {
    clock = new Date('2026-03-31T22:00:00Z');
    const { cookie, userId } = await signUpCandidate(ctx.app);
    // Opened while a credit was left, answered after it was spent elsewhere.
    const spare = await attemptOfItsOwn(cookie);
    for (let i = 0; i < 2; i++) {
      const { id } = await attemptOfItsOwn(cookie);
      const live = await opened(cookie, id);
      await live.answer(ANSWER);
      live.close();
    }
    const refused = await start(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: CREDITS_EXHAUSTED,
      message:
        'You have no interviews left this month (your limit is 2). More become available on 1 April; your administrator can also raise your limit.',
    });
    const saved = await saveAttempt(ctx.app, cookie, spare.id, {
      status: 'in_progress',
      conversation: [{ id: 'typed-1', speaker: 'User', message: ANSWER }],
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json().code).toBe(CREDITS_EXHAUSTED);
    const [row] = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.id, spare.id));
    // Nothing half-written: the attempt did not start and holds no answer.
    expect(row!.status).toBe('scheduled');
    expect(row!.creditChargedAt).toBeNull();
    expect(await charged(userId)).toBe(2);
  });

  it('gives the credits back when the calendar month turns (UTC)', async () => {
    clock = new Date('2026-04-30T23:30:00Z');
    const { cookie } = await signUpCandidate(ctx.app);
    for (let i = 0; i < 2; i++) {
      const { id } = await attemptOfItsOwn(cookie);
      const live = await opened(cookie, id);
      await live.answer(ANSWER);
      live.close();
    }
    expect((await start(cookie)).statusCode).toBe(403);
    clock = new Date('2026-04-30T23:59:59Z');
    expect((await stats(cookie)).creditsUsed).toBe(2);
    clock = new Date('2026-05-01T00:00:00Z');
    expect((await stats(cookie)).creditsUsed).toBe(0);
    const { id } = await attemptOfItsOwn(cookie);
    const live = await opened(cookie, id);
    await live.answer(ANSWER);
    live.close();
    expect((await stats(cookie)).creditsUsed).toBe(1);
  });

  it('lets administrators change the limit for everyone and per candidate', async () => {
    clock = new Date('2026-06-10T12:00:00Z');
    const { cookie, userId } = await signUpCandidate(ctx.app);
    const { id } = await attemptOfItsOwn(cookie);
    const live = await opened(cookie, id);
    await live.answer(ANSWER);
    live.close();

    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/settings/credits',
      headers: { cookie: admin.cookie },
    });
    expect(settings.json()).toEqual({
      creditsLimit: null,
      defaultLimit: 2,
      effectiveLimit: 2,
      period: 'month',
    });
    // For everyone: 1 (this candidate is now out).
    const platform = await adminPut('/api/admin/settings/credits', { creditsLimit: 1 });
    expect(platform.json()).toMatchObject({ creditsLimit: 1, effectiveLimit: 1 });
    expect(await stats(cookie)).toMatchObject({ creditsUsed: 1, creditsLimit: 1 });
    expect((await start(cookie)).statusCode).toBe(403);

    // For them alone: 5, then unlimited (0), then back to the platform's (null).
    const own = await adminPut(`/api/admin/candidates/${userId}/credits`, { creditsLimit: 5 });
    expect(own.json()).toEqual({
      userId,
      creditsUsed: 1,
      ownLimit: 5,
      creditsLimit: 5,
      platformLimit: 1,
      period: 'month',
    });
    expect((await start(cookie)).statusCode).toBe(200);
    await adminPut(`/api/admin/candidates/${userId}/credits`, { creditsLimit: 0 });
    expect((await stats(cookie)).creditsLimit).toBeNull();
    await adminPut(`/api/admin/candidates/${userId}/credits`, { creditsLimit: null });
    expect((await stats(cookie)).creditsLimit).toBe(1);

    // Back to the environment's default for the other tests.
    expect(
      (await adminPut('/api/admin/settings/credits', { creditsLimit: null })).json(),
    ).toMatchObject({
      creditsLimit: null,
      effectiveLimit: 2,
    });
  });

  it('refuses a bad limit naming the field, and a candidate that is not one', async () => {
    for (const creditsLimit of [-1, 1.5, 'ten', 100_001]) {
      const res = await adminPut('/api/admin/settings/credits', { creditsLimit });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('creditsLimit');
    }
    const missing = await adminPut(
      '/api/admin/candidates/00000000-0000-4000-8000-000000000000/credits',
      { creditsLimit: 3 },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('never limits or charges an administrator', async () => {
    const email = uniqueEmail('admin');
    const { userId } = await createAdmin(ctx.app.deps, { email, password: TEST_PASSWORD });
    const res = await signIn(ctx.app, email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = cookiesFrom(res.headers['set-cookie']);
    await adminPut('/api/admin/settings/credits', { creditsLimit: 1 });
    try {
      for (let i = 0; i < 2; i++) {
        const { id } = await attemptOfItsOwn(cookie);
        const live = await opened(cookie, id);
        await live.answer(ANSWER);
        live.close();
      }
      expect(await stats(cookie)).toMatchObject({ creditsUsed: 0, creditsLimit: null });
      expect(await charged(userId)).toBe(0);
    } finally {
      await adminPut('/api/admin/settings/credits', { creditsLimit: null });
    }
  });
});

describe.each(databaseKinds())('credits with CREDITS_PERIOD=none on %s', (kind) => {
  const ctx = useTestApp(
    kind,
    { CREDITS_DEFAULT_LIMIT: '1', CREDITS_PERIOD: 'none' },
    { now: () => clock },
  );
  let clock = new Date('2026-01-31T23:00:00Z');

  it('never gives credits back, and says so without a month', async () => {
    const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS });
    const { cookie } = await signUpCandidate(ctx.app);
    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    const saved = await saveAttempt(ctx.app, cookie, id, {
      status: 'in_progress',
      conversation: [{ id: 'a-1', speaker: 'User', message: ANSWER }],
    });
    expect(saved.statusCode).toBe(200);
    clock = new Date('2027-02-01T00:00:00Z');
    const stats = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/stats',
      headers: { cookie },
    });
    expect(stats.json()).toMatchObject({ creditsUsed: 1, creditsLimit: 1, creditsPeriod: 'none' });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/interview',
      headers: { cookie, origin: ORIGIN },
      payload: { interviewSetId: setId },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You have no interviews left (your limit is 1). Your administrator can raise your limit.',
    );
  });
});
