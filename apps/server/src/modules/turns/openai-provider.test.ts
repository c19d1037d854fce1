import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../engine/messages';
import {
  startFakeOpenAiServer,
  type FakeMode,
  openAiStandInConfig,
} from '../../test/fake-openai-server';
import { databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { createAttempt, insertSet, waitForReport, startLive } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';

const QUESTIONS = [
  {
    questionText: 'What is a cache?',
    expectedAnswer:
      'A cache stores copies of data closer to where it is used. It trades freshness for speed and needs an invalidation strategy.',
  },
  { questionText: 'What is a CDN?', expectedAnswer: null },
];

describe.each(databaseKinds())('interviews with an OpenAI-compatible model on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '1000' }), {
    listen: true,
    logLevel: 'warn',
  });
  afterEach(() => fake.reset());

  it('runs a topic-based interview with the model: spec sampling, prompt rules, streamed plain text', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'topic-based', topics: ['Caching'] });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('state');
    const intro = await live.next('reply.end');
    expect(intro.message.message).toContain('To warm up');
    const turn = await live.answer('I built a read-through cache for a product catalogue.');
    const deltas = live.frames.filter((f) => f.type === 'reply.delta' && f.id === turn.reply.id);
    expect(deltas.length).toBeGreaterThan(3);
    // Markdown never reaches the voice.
    expect(turn.reply.message).toContain('explain caching to');
    expect(turn.reply.message).not.toContain('*');

    const chat = fake.requests.filter((r) => r.body.stream);
    const last = chat.at(-1)!;
    expect(last.authorization).toBe('Bearer sk-test-key');
    expect(last.body).toMatchObject({
      model: 'fake-model',
      temperature: 0.7,
      presence_penalty: 0.1,
      frequency_penalty: 0.1,
    });
    const system = last.body.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('plain text only');
    expect(system.content).toContain('No markdown');
    expect(system.content).toContain('voice interview');
    expect(system.content).toContain('Never mention typos');
    expect(system.content).toContain('1-2 warm-up questions');
    expect(last.body.messages.slice(1).map((m) => m.role)).toEqual(['assistant', 'user']);

    live.send({ type: 'end', early: true });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report).toMatchObject({ status: 'completed', provider: 'openai', model: 'fake-model' });
    const reportCall = fake.requests.at(-1)!;
    expect(reportCall.body.response_format).toEqual({ type: 'json_object' });
    expect(reportCall.body.temperature).toBe(0.2);
    expect(report.overview.interviewDuration).not.toBe(99);
    live.close();
  });

  it('scores a fixed interview with the model, keeping only quotes found in the answer', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS });
    const { id } = await createAttempt(ctx.app, cookie, { interviewSetId: setId });
    const before = fake.requests.length;
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    await live.next('reply.end');
    await live.answer('A cache keeps copies of data close to where it is used, so reads are fast.');
    const last = await live.answer(
      'A content delivery network serves static files from edge locations.',
    );
    expect(last.reply.message).toBe(MESSAGES.fixedClosing);
    // The fixed flow is the specification's script: no model call per turn.
    expect(fake.requests.length).toBe(before);
    live.send({ type: 'end' });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.provider).toBe('openai');
    expect(report.fallback).toBe(false);
    const q = report.questionReports[0];
    expect(q.scoredBy).toBe('ai');
    expect(q.evaluation).toMatchObject({
      accuracy: 80,
      completeness: 70,
      technicalDepth: 60,
      clarity: 90,
    });
    expect(q.score).toBe(75);
    expect(q.dimensions.accuracy.evidence).toEqual(['A cache keeps copies of data']);
    expect(q.dimensions.technicalDepth.evidence).not.toContain('words the candidate never said');
    for (const quote of q.dimensions.technicalDepth.evidence) expect(q.answer).toContain(quote);
    expect(q.keyPoints.length).toBeGreaterThan(0);
    live.close();
  });

  it.each<[FakeMode, string]>([
    ['timeout', MESSAGES.turnFailure],
    ['http-500', MESSAGES.turnFailure],
    ['empty', MESSAGES.emptyReply],
  ])('answers a %s turn with the apology and carries on', async (mode, apology) => {
    const { cookie } = await signUpCandidate(ctx.app);
    const { id, live } = await startLive(ctx.app, cookie, { topics: ['Caching'] });
    await live.next('reply.end');
    fake.mode.chat = mode;
    const failed = await live.answer('Caches trade freshness for speed.');
    expect(failed.reply.message).toBe(apology);
    expect(failed.reply.meta?.failed).toBe(true);
    const logged = ctx.logs.find((l) => l.interviewId === id);
    expect(logged?.level).toBe(40);
    fake.mode.chat = 'ok';
    const next = await live.answer('Invalidation is the hard part.');
    expect(next.reply.message).toContain('question number');
    live.close();
  });

  it.each<FakeMode>(['timeout', 'http-500', 'empty', 'invalid-json', 'wrong-shape'])(
    'falls back to the builtin evaluator when the report call gives %s',
    async (mode) => {
      const { cookie } = await signUpCandidate(ctx.app);
      const setId = await insertSet(ctx.database.db, { type: 'fixed', questions: QUESTIONS });
      const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
      await live.next('reply.end');
      await live.answer('A cache stores copies of data near its use, trading freshness for speed.');
      await live.answer('A CDN caches static content at the edge.');
      fake.mode.report = mode;
      live.send({ type: 'end' });
      await live.next('ended');
      const report = await waitForReport(ctx.app, cookie, id);
      expect(report.status).toBe('completed');
      expect(report.provider).toBe('builtin');
      expect(report.fallback).toBe(true);
      expect(report.fallbackReason).toContain('builtin evaluator');
      expect(
        report.questionReports.every(
          (q: { scoredBy: string }) => q.scoredBy === 'builtin-fallback',
        ),
      ).toBe(true);
      expect(ctx.logs.some((l) => l.interviewId === id && l.level === 40)).toBe(true);
      live.close();
    },
  );
});
