import { afterEach, describe, expect, it } from 'vitest';
import {
  MADE_UP_QUOTE,
  openAiStandInConfig,
  startFakeOpenAiServer,
} from '../../test/fake-openai-server';
import { databaseKinds, useStarted, useTestApp, type TestContext } from '../../test/harness';
import { createAttempt, insertSet, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';
import { STORY_USE_PROMPT } from './story-use';

/**
 * The report names the saved story a behavioural answer told, and quotes each STAR part or says
 * it is missing (issue 30, decision 045): by the builtin reader, and by the model where the model
 * wrote the report (held to the answer's own words).
 */

const FRIDAY = {
  title: 'Fixing Friday releases',
  situation: 'At my last company our releases kept breaking on Fridays.',
  task: 'I was responsible for the release process.',
  action: 'I wrote a release checklist and added a canary step with automatic rollback.',
  result: 'Failed releases dropped from four a month to zero within two months.',
  skills: ['Ownership', 'CI/CD'],
};
const KAFKA = {
  title: 'A Kafka outage',
  situation: 'Our Kafka cluster ran out of disk during the Diwali sale.',
  task: 'I was on call.',
  action: 'I moved two topics to a new broker and shortened their retention.',
  result: 'Orders flowed again within forty minutes.',
  skills: ['Kafka', 'Incident response'],
};
const PROCESS = 'Tell me about a time you improved a process.';
const TOLD =
  'Fridays were a nightmare at my previous company, every release broke something. I was in charge of how we released. I put together a checklist and I added a canary that rolled itself back automatically. After two months we went from four failed releases a month to none.';

async function take(ctx: TestContext, who: SignedIn, answers: string[]) {
  const setId = await insertSet(ctx.database.db, {
    type: 'fixed',
    questions: [
      { questionText: PROCESS, kind: 'behavioural' },
      {
        questionText: 'What is a canary release?',
        expectedAnswer: 'A release to a few users first.',
      },
    ],
  });
  const { id } = await createAttempt(ctx.app, who.cookie, { interviewSetId: setId });
  const live = await LiveClient.connect(ctx.app, id, who.cookie);
  live.start();
  await live.next('reply.end');
  for (const a of answers) await live.answer(a);
  live.send({ type: 'end', early: true });
  await live.next('ended');
  live.close();
  return waitForReport(ctx.app, who.cookie, id);
}

async function save(ctx: TestContext, who: SignedIn, body: object): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/stories',
    headers: { cookie: who.cookie, origin: ORIGIN },
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().id as string;
}

describe.each(databaseKinds())('the story an answer used, builtin, on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  it('names the saved story the answer told and quotes each STAR part', async () => {
    const me = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    // Another candidate's story of the same name is theirs alone: never matched to my answer.
    await save(ctx, other, FRIDAY);
    const friday = await save(ctx, me, FRIDAY);
    await save(ctx, me, KAFKA);
    const report = await take(ctx, me, [TOLD, 'A canary release goes to a few users first.']);
    const [told, technical] = report.questionReports;
    expect(told.storyUse).toEqual({
      story: { id: friday, title: FRIDAY.title },
      star: {
        situation:
          'Fridays were a nightmare at my previous company, every release broke something.',
        task: 'I was in charge of how we released.',
        action:
          'I put together a checklist and I added a canary that rolled itself back automatically.',
        result: 'After two months we went from four failed releases a month to none.',
      },
      judgedBy: 'builtin',
    });
    // Only behavioural answers tell stories.
    expect(technical.storyUse).toBeUndefined();
  });

  it('names none when the answer tells another story, and says which parts are missing', async () => {
    const me = await signUpCandidate(ctx.app);
    await save(ctx, me, KAFKA);
    const report = await take(ctx, me, [
      'I always try to keep processes simple and I think communication is key.',
    ]);
    expect(report.questionReports[0].storyUse).toEqual({
      story: null,
      star: { situation: null, task: null, action: null, result: null },
      judgedBy: 'builtin',
    });
  });
});

describe.each(databaseKinds())('the story an answer used, judged by the model, on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '1000' }), {
    listen: true,
  });
  afterEach(() => fake.reset());

  it('asks the model where the model wrote the report, keeping only what the answer said', async () => {
    const me = await signUpCandidate(ctx.app);
    const friday = await save(ctx, me, FRIDAY);
    await save(ctx, me, KAFKA);
    const report = await take(ctx, me, [TOLD]);
    expect(report.provider).toBe('openai');
    const call = fake.requests.find((r) => r.body.messages[0]!.content === STORY_USE_PROMPT);
    expect(call).toBeDefined();
    // The stories and the behavioural answer, nothing else of the candidate's.
    expect(call!.body.messages[1]!.content).toContain(FRIDAY.action);
    expect(call!.body.messages[1]!.content).toContain(TOLD);
    expect(report.questionReports[0].storyUse).toEqual({
      story: { id: friday, title: FRIDAY.title },
      star: {
        situation:
          'Fridays were a nightmare at my previous company, every release broke something.',
        // The model's made-up quote is not the answer's: missing, not credited.
        task: null,
        action: null,
        result: 'After two months we went from four failed releases a month to none.',
      },
      judgedBy: 'model',
    });
    expect(JSON.stringify(report)).not.toContain(MADE_UP_QUOTE);
  });

  it('reads the stories itself when the model failed and the builtin evaluator wrote the report', async () => {
    const me = await signUpCandidate(ctx.app);
    const friday = await save(ctx, me, FRIDAY);
    fake.mode.report = 'http-500';
    const report = await take(ctx, me, [TOLD]);
    expect(report.questionReports[0].storyUse).toMatchObject({
      story: { id: friday },
      judgedBy: 'builtin',
    });
  });
});
