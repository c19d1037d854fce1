import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AiUsageReport } from '@candor/shared';
import { aiUsage, interviews } from '../../db/schema';
import type { Logger } from '../../platform/logger';
import {
  fakeTokens,
  startFakeOpenAiServer,
  openAiStandInConfig,
} from '../../test/fake-openai-server';
import { insertAttempt, insertCandidate } from '../../test/fixtures';
import {
  useTestApp,
  databaseKinds,
  openTestDatabase,
  type TestContext,
  useStarted,
} from '../../test/harness';
import { countStatements } from '../../test/statements';
import { createAttempt, insertSet, waitForReport, startLive } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { ORIGIN, signInAdmin, signUpCandidate } from '../../test/users';
import { createUsageRecorder } from './service';

/**
 * AI usage and cost (issue 17): every provider call made for an attempt is recorded with the
 * tokens the host reported (streamed turns through the last chunk's usage, which the client asks
 * for), priced at AI_PRICE_INPUT / AI_PRICE_OUTPUT per million tokens; admin analytics sums them
 * per day, candidate and interview set. The builtin provider is recorded at zero.
 */

const PRICES = { AI_PRICE_INPUT: '2.5', AI_PRICE_OUTPUT: '10' };
const ANSWER =
  "Okay, so I built a read-through cache for a product catalogue. Reads went to Redis first, and on a miss we loaded the row and stored it with a five minute expiry. Zoë O'Brien-Smith added invalidation on writes.";

const cost = (prompt: number, completion: number) => (prompt * 2.5 + completion * 10) / 1_000_000;

/** A candidate's topic interview on caching, its introduction heard: the next frame is theirs. */
async function pastTheIntroduction(ctx: TestContext, cookie: string) {
  const setId = await insertSet(ctx.database.db, { type: 'topic-based', topics: ['Caching'] });
  const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
  await live.next('state');
  await live.next('reply.end');
  return { id, live };
}

/** Answers once and ends the attempt early; once its report is final, the usage is written. */
async function answerOnceAndEnd(ctx: TestContext, cookie: string, id: string, live: LiveClient) {
  await live.answer(ANSWER);
  live.send({ type: 'end', early: true });
  await live.next('ended');
  await waitForReport(ctx.app, cookie, id);
  live.close();
  await ctx.app.flushUsage();
}

describe.each(databaseKinds())('AI usage from the OpenAI-protocol stand-in on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, PRICES), { listen: true });

  it('records each streamed turn and the report with the tokens the host reported, and prices them', async () => {
    const { cookie, userId } = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const setId = await insertSet(ctx.database.db, {
      type: 'topic-based',
      title: 'Caching deep dive',
      topics: ['Caching'],
    });
    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    const firstStream = fake.streams.length;
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    await live.next('state');
    await live.next('reply.end');
    await answerOnceAndEnd(ctx, cookie, id, live);

    const streams = fake.streams.slice(firstStream);
    expect(streams).toHaveLength(2);
    for (const s of streams) expect(s.request.body.stream_options).toEqual({ include_usage: true });
    const rows = await ctx.database.db
      .select()
      .from(aiUsage)
      .where(eq(aiUsage.interviewId, id))
      .orderBy(asc(aiUsage.createdAt), asc(aiUsage.purpose));
    const replies = rows.filter((r) => r.purpose === 'reply');
    expect(replies).toHaveLength(2);
    replies.forEach((row, i) => {
      const prompt = streams[i]!.request.body.messages.reduce(
        (n, m) => n + fakeTokens(m.content),
        0,
      );
      const completion = fakeTokens(streams[i]!.written);
      expect(completion).toBeGreaterThan(5);
      expect(row).toMatchObject({
        provider: 'openai',
        model: 'fake-model',
        promptTokens: prompt,
        completionTokens: completion,
      });
      expect(row.cost).toBeCloseTo(cost(prompt, completion), 9);
    });
    const report = rows.find((r) => r.purpose === 'report')!;
    const reportRequest = fake.requests.findLast((r) => !r.body.stream)!;
    expect(report.promptTokens).toBe(
      reportRequest.body.messages.reduce((n, m) => n + fakeTokens(m.content), 0),
    );
    expect(report.completionTokens).toBeGreaterThan(50);
    expect(report.cost).toBeCloseTo(cost(report.promptTokens, report.completionTokens), 9);

    // Admin analytics: today, this candidate, this set.
    const admin = await signInAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/usage?days=7',
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AiUsageReport;
    const promptSum = rows.reduce((n, r) => n + r.promptTokens, 0);
    const completionSum = rows.reduce((n, r) => n + r.completionTokens, 0);
    expect(body.prices).toEqual({
      input: 2.5,
      output: 10,
      speechMinute: 0,
      voiceMillionCharacters: 0,
    });
    expect(body.byDay).toHaveLength(7);
    expect(body.byDay.at(-1)!.date).toBe(new Date().toISOString().slice(0, 10));
    const mine = body.byCandidate.find((c) => c.userId === userId)!;
    expect(mine).toMatchObject({
      name: "Zoë O'Brien-Smith",
      calls: 3,
      promptTokens: promptSum,
      completionTokens: completionSum,
    });
    expect(mine.cost).toBeCloseTo(cost(promptSum, completionSum), 4);
    expect(body.bySet.find((s) => s.interviewSetId === setId)).toMatchObject({
      title: 'Caching deep dive',
      calls: 3,
      promptTokens: promptSum,
    });
    expect(body.totals.calls).toBeGreaterThanOrEqual(3);
    expect(body.byDay.at(-1)!.calls).toBe(body.totals.calls);
  });

  it('counts a report the model answered in the wrong shape (its tokens were spent)', async () => {
    fake.mode.report = 'wrong-shape';
    try {
      const { cookie } = await signUpCandidate(ctx.app);
      const { id, live } = await pastTheIntroduction(ctx, cookie);
      await live.answer(ANSWER);
      live.send({ type: 'end', early: true });
      await live.next('ended');
      const final = await waitForReport(ctx.app, cookie, id);
      expect(final.provider).toBe('builtin');
      live.close();
      await ctx.app.flushUsage();
      const [report] = await ctx.database.db
        .select()
        .from(aiUsage)
        .where(eq(aiUsage.interviewId, id))
        .then((rows) => rows.filter((r) => r.purpose === 'report'));
      expect(report!.provider).toBe('openai');
      expect(report!.completionTokens).toBeGreaterThan(0);
      expect(report!.cost).toBeGreaterThan(0);
    } finally {
      fake.mode.report = 'ok';
    }
  });

  it('estimates, at about four characters a token, a turn the candidate interrupted before the host reported its usage', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await pastTheIntroduction(ctx, cookie);
    fake.mode.chat = 'stall';
    try {
      const before = fake.streams.length;
      live.sendAnswer(ANSWER, { mode: 'voice' });
      const { id: replyId } = await live.next('reply.start');
      const delta = await live.next((f) => f.type === 'reply.delta' && f.id === replyId);
      const stream = fake.streams[before]!;
      // The stalled host wrote its first sentence and holds: no usage chunk will come.
      expect(stream.written.trim()).toBe('Thanks for that.');
      live.interrupt(replyId, delta.type === 'reply.delta' ? delta.text.trim() : '');
      expect((await stream.closed).early).toBe(true);
      await live.next((f) => f.type === 'reply.end' && f.message.id === replyId);
      live.close();
      await ctx.app.flushUsage();

      const replies = await ctx.database.db
        .select()
        .from(aiUsage)
        .where(eq(aiUsage.interviewId, id))
        .orderBy(asc(aiUsage.createdAt))
        .then((rows) => rows.filter((r) => r.purpose === 'reply'));
      expect(replies).toHaveLength(2);
      const promptCharacters = stream.request.body.messages.reduce(
        (n, m) => n + m.content.length,
        0,
      );
      expect(replies[1]).toMatchObject({
        promptTokens: Math.ceil(promptCharacters / 4),
        completionTokens: Math.ceil(stream.written.length / 4),
      });
      expect(replies[1]!.promptTokens).toBeGreaterThan(100);
      expect(replies[1]!.cost).toBeCloseTo(
        cost(replies[1]!.promptTokens, replies[1]!.completionTokens),
        9,
      );
      // The finished first turn keeps the host's own count.
      expect(replies[0]!.promptTokens).toBe(
        fake.streams[before - 1]!.request.body.messages.reduce(
          (n, m) => n + fakeTokens(m.content),
          0,
        ),
      );
    } finally {
      fake.mode.chat = 'ok';
    }
  });

  it('refuses a window it does not offer, naming the field', async () => {
    const admin = await signInAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/usage?days=12',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('days');
  });
});

describe.each(databaseKinds())('AI usage with the builtin provider on %s', (kind) => {
  const ctx = useTestApp(kind, PRICES, { listen: true });

  it('records its calls with zero tokens and zero cost, whatever the prices', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await pastTheIntroduction(ctx, cookie);
    await answerOnceAndEnd(ctx, cookie, id, live);
    const rows = await ctx.database.db.select().from(aiUsage).where(eq(aiUsage.interviewId, id));
    expect(rows.map((r) => r.purpose).sort()).toEqual(['reply', 'reply', 'report']);
    for (const row of rows) {
      expect(row).toMatchObject({
        provider: 'builtin',
        promptTokens: 0,
        completionTokens: 0,
        cost: 0,
      });
    }
    const admin = await signInAdmin(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/usage',
      headers: { cookie: admin.cookie },
    });
    expect(res.json()).toMatchObject({ days: 30, totals: { calls: 3, cost: 0 } });
  });
});

describe('the usage recorder', () => {
  it('writes calls recorded together in one statement, and a gone attempt loses only its own row', async () => {
    const database = await openTestDatabase('pglite');
    try {
      const db = database.db;
      const userId = await insertCandidate(db, 1);
      const kept = await insertAttempt(db, userId, 'in_progress');
      const gone = await insertAttempt(db, userId, 'in_progress');
      const logged: unknown[] = [];
      const usage = createUsageRecorder({
        db,
        prices: { input: 2.5, output: 10, speechMinute: 0, voiceMillionCharacters: 0 },
        log: { warn: (...args: unknown[]) => logged.push(args) } as unknown as Logger,
        now: () => new Date(),
        flushMs: 60_000,
      });
      const call = (interviewId: string, promptTokens: number) =>
        usage.record({
          interviewId,
          purpose: 'reply',
          provider: 'openai',
          model: 'm',
          usage: { promptTokens, completionTokens: 1 },
        });
      const counter = countStatements(database);
      for (let i = 1; i <= 5; i++) await call(kept, i);
      // Nothing is written until the batch is due.
      expect(counter.statements).toEqual([]);
      await usage.flush();
      expect(counter.statements.filter((s) => s.includes('ai_usage'))).toHaveLength(1);
      const rows = () => db.select().from(aiUsage).where(eq(aiUsage.interviewId, kept));
      expect((await rows()).map((r) => r.promptTokens).sort()).toEqual([1, 2, 3, 4, 5]);

      // An attempt deleted between the call and the write: the rest of the batch is kept.
      await call(kept, 6);
      await call(gone, 7);
      await call(kept, 8);
      await db.delete(interviews).where(eq(interviews.id, gone));
      await usage.flush();
      expect((await rows()).map((r) => r.promptTokens).sort()).toEqual([1, 2, 3, 4, 5, 6, 8]);
      expect(logged).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
