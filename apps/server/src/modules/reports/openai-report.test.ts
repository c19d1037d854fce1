import { describe, expect, it } from 'vitest';
import { WARM_UP_NOT_SCORED } from '@candor/shared';
import { startFakeOpenAiServer, openAiStandInConfig } from '../../test/fake-openai-server';
import { databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { finishAnswerCheck, insertSet, waitForReport, startLive } from '../../test/interviews';
import { ORIGIN, signUpCandidate } from '../../test/users';

/**
 * A report written by an OpenAI-compatible model (the local stand-in) for a set with a warm-up, a
 * technical and a behavioural question: the prompt tells the model each question's kind and
 * rubric, and the server still decides what is scored. The stand-in scores every numbered answer,
 * the warm-up included, as a careless model would.
 */
describe.each(databaseKinds())('an AI-written report with question kinds on %s', (kind) => {
  const fake = useStarted(startFakeOpenAiServer);
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '2000' }), {
    listen: true,
  });

  it('sends kinds and key points, never the non-answer, and keeps warm-ups and "I don\'t know" unscored', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      topics: ['Caching'],
      questions: [
        { questionText: 'Tell me a little about yourself.', kind: 'warm-up' },
        {
          questionText: 'What is a cache, and how do you keep it correct?',
          kind: 'technical',
          keyPoints: [
            'A cache keeps copies of data near where it is used',
            'Entries expire with a TTL',
          ],
        },
        {
          questionText: 'Tell me about a time you disagreed with a teammate.',
          kind: 'behavioural',
        },
      ],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    await live.answer("Hi! I am Zoë O'Brien-Smith, a backend developer working on payments.");
    await live.answer(
      'A cache keeps copies of data near where it is used so reads are fast, and each entry expires after a TTL so it does not go stale forever.',
    );
    await live.answer("Honestly, I don't know. Can we skip this one?");
    live.send({ type: 'end' });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report).toMatchObject({ status: 'completed', provider: 'openai', fallback: false });

    const prompt = fake.requests.at(-1)!.body.messages[0]!.content;
    expect(prompt).toContain(
      'Question 1 (warm-up: feedback only, do not score): Tell me a little about yourself.',
    );
    expect(prompt).toContain('Question 2 (technical): What is a cache');
    expect(prompt).toContain(
      'Key points: - A cache keeps copies of data near where it is used - Entries expire with a TTL',
    );
    expect(prompt).toContain(
      'behavioural: Scored on ownership, structure (situation, task, action, result)',
    );
    expect(prompt).not.toContain('Question 3');
    expect(prompt).not.toContain("I don't know");

    const [warmUp, technical, declined] = report.questionReports;
    expect(warmUp).toMatchObject({
      kind: 'warm-up',
      scored: false,
      score: null,
      notScoredReason: WARM_UP_NOT_SCORED,
      comment: 'Warm-up, not scored. Model feedback.',
    });
    expect(technical).toMatchObject({ kind: 'technical', scored: true, score: 75, scoredBy: 'ai' });
    expect(technical.keyPoints.map((k: { coverage: string }) => k.coverage)).toEqual([
      'covered',
      'covered',
    ]);
    expect(declined).toMatchObject({
      kind: 'behavioural',
      scored: false,
      score: null,
      notScoredReason: 'not answered',
    });
    // The model said 72 overall; the server counts the declined question against the one scored.
    expect(report.overallScore).toBe(38);
    live.close();
  });

  it('sends the model the corrected text of a misheard answer, never what was misheard', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      topics: ['Caching'],
      questions: [{ questionText: 'What is a cache, and how do you keep it correct?' }],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const misheard =
      'Okay, so a cash keeps copies of data near where it is used, and each entry expires after a tea tea L so it does not go stale forever.';
    const said =
      'Okay, so a cache keeps copies of data near where it is used, and each entry expires after a TTL so it does not go stale forever.';
    const { id: answerId } = await live.answer(misheard, { mode: 'voice', confidence: 0.88 });
    await live.next('completed');
    live.send({ type: 'end' });
    expect((await live.next('ended')).checkUntil).toBeDefined();
    const fixed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/interview/${id}/answers/${answerId}`,
      headers: { cookie, origin: ORIGIN },
      payload: { text: said },
    });
    expect(fixed.statusCode).toBe(200);
    const before = fake.requests.length;
    await finishAnswerCheck(ctx.app, cookie, id);
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report).toMatchObject({ status: 'completed', provider: 'openai' });
    const prompt = JSON.stringify(fake.requests.slice(before).map((r) => r.body.messages));
    expect(prompt).toContain('a cache keeps copies of data');
    expect(prompt).toContain('after a TTL');
    expect(prompt).not.toContain('a cash keeps');
    expect(prompt).not.toContain('tea tea L');
    expect(report.questionReports[0]).toMatchObject({ answer: said, corrected: true });
    live.close();
  });
});
