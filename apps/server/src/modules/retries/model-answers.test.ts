import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { modelAnswers } from '../../db/schema';
import { openAiStandInConfig, startFakeOpenAiServer } from '../../test/fake-openai-server';
import { insertAttempt } from '../../test/fixtures';
import { databaseKinds, useStarted, useTestApp, type TestContext } from '../../test/harness';
import { createAttempt, insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate, type SignedIn } from '../../test/users';
import { MODEL_ANSWER_PROMPT } from './model-answers';

/**
 * Model answers (issue 30): after the candidate's own answer, never for a question they did not
 * answer nor before the report; from the expected answer and key points with the builtin provider,
 * written once by the model (the OpenAI stand-in) for a question without one.
 */

const CLOSURE = {
  questionText: 'What is a closure in JavaScript?',
  expectedAnswer: 'A closure is a function that keeps access to variables of its outer scope.',
  keyPoints: ['Keeps access to its outer scope', 'Used for data privacy'],
};
const UNANSWERED = {
  questionText: 'Explain the event loop.',
  expectedAnswer: 'It runs callbacks from the task queue when the call stack is empty.',
};
const ANSWER =
  'A closure is a function that remembers the variables of the scope it was created in, for example a private counter.';

async function take(ctx: TestContext, who: SignedIn, id: string, answers: string[]) {
  const live = await LiveClient.connect(ctx.app, id, who.cookie);
  live.start();
  await live.next('reply.end');
  for (const a of answers) await live.answer(a);
  live.send({ type: 'end', early: true });
  await live.next('ended');
  live.close();
  return waitForReport(ctx.app, who.cookie, id);
}

const get = (ctx: TestContext, who: SignedIn, id: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/interview/${id}/model-answers`,
    headers: { cookie: who.cookie },
  });

describe.each(databaseKinds())('model answers, builtin, on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  it('gives the expected answer as an example, only for the questions answered, only after the report', async () => {
    const me = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [CLOSURE, UNANSWERED],
    });
    const { id } = await createAttempt(ctx.app, me.cookie, { interviewSetId: setId });
    // No report yet: no model answer.
    expect((await get(ctx, me, id)).statusCode).toBe(409);
    await take(ctx, me, id, [ANSWER]);
    const res = await get(ctx, me, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        questionIndex: 0,
        text: CLOSURE.expectedAnswer,
        keyPoints: CLOSURE.keyPoints,
        source: 'expected-answer',
        example: true,
      },
    ]);
    // The event loop was never answered: its expected answer is not given.
    expect(res.body).not.toContain(UNANSWERED.expectedAnswer);
    expect([403, 404]).toContain((await get(ctx, other, id)).statusCode);
    const pending = await insertAttempt(ctx.database.db, me.userId, 'completed', {
      reportStatus: 'pending',
    });
    expect((await get(ctx, me, pending)).statusCode).toBe(409);
  });
});

describe.each(databaseKinds())('model answers written by the model on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '1000' }), {
    listen: true,
  });
  afterEach(() => fake.reset());

  it('writes one for a topic question once, keeps it, and gives none when the model fails', async () => {
    const me = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, { type: 'topic-based', topics: ['Caching'] });
    const { id } = await createAttempt(ctx.app, me.cookie, { interviewSetId: setId });
    const report = await take(ctx, me, id, [
      'I built a photo sharing app with a small team and learned a lot about caching.',
      'I would explain caching as keeping a copy of data close by so it is faster to read again.',
    ]);
    const asked = report.questionReports as { question: string; kind?: string; answer: string }[];
    const before = fake.requests.length;
    const res = await get(ctx, me, id);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { questionIndex: number; text: string; source: string }[];
    const expectedFor = asked.map((q, i) => ({ ...q, i })).filter((q) => q.answer.trim());
    expect(expectedFor.length).toBeGreaterThan(0);
    expect(list.map((m) => m.questionIndex)).toEqual(expectedFor.map((q) => q.i));
    for (const m of list) {
      expect(m.source).toBe('model');
      expect(m.text).toContain(asked[m.questionIndex]!.question);
    }
    const calls = fake.requests.slice(before);
    expect(calls).toHaveLength(list.length);
    expect(calls[0]!.body.messages[0]!.content).toBe(MODEL_ANSWER_PROMPT);
    expect(calls[0]!.body.response_format).toEqual({ type: 'json_object' });

    // Written once: read again, the model is not asked again.
    const again = await get(ctx, me, id);
    expect(again.json()).toEqual(list);
    expect(fake.requests.length).toBe(before + list.length);
    const kept = await ctx.database.db
      .select()
      .from(modelAnswers)
      .where(eq(modelAnswers.interviewId, id));
    expect(kept).toHaveLength(list.length);

    // A model that fails gives no example, and the report's page still reads.
    await ctx.database.db.delete(modelAnswers).where(eq(modelAnswers.interviewId, id));
    fake.mode.report = 'http-500';
    const failed = await get(ctx, me, id);
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual([]);
  });
});
