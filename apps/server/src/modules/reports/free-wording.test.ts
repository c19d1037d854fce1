import { describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, openAiStandInConfig } from '../../test/fake-openai-server';
import { databaseKinds, useStarted, useTestApp } from '../../test/harness';
import { insertSet, waitForReport, startLive } from '../../test/interviews';
import { signUpCandidate } from '../../test/users';
import { loadMessages } from '../interviews';

/**
 * A topic interview with a model that words everything its own way, its wrap-up and farewell
 * included: the report groups questions and answers by the kind each interviewer line was
 * tagged with when it was written (meta.kind), never by matching its sentences.
 */

const LINES = [
  "Hi there, lovely to meet you! I'll be chatting with you about caching today. Tell me what you're building at the moment.",
  'Great context. How do you keep a cache consistent with the database when several services write to it?',
  'Could you say a bit more about how that works in practice?',
  // The wrap-up, worded freely: no sentence of the engine's or of the builtin interviewer's.
  "We're almost at the end of our slot, and this was a genuinely enjoyable conversation. Is there anything you'd like to ask me before we finish?",
  'Good question: the team works on developer tooling. Best of luck with everything, and goodbye!',
];

const ANSWERS = {
  warmUp:
    "Okay, so right now I'm building the checkout of an online bookshop. Most of my days go into the order service and its PostgreSQL database, and lately into making the product pages faster, which is how I ended up reading a lot about caching and measuring where the time actually goes.",
  thin: 'I invalidate on every write.',
  probe:
    'Each service publishes an event after it commits a write, and a small consumer deletes the matching cache keys. Reads that miss go to the database and fill the cache again with a short time to live, so even a lost event only leaves stale data for a minute.',
  candidateQuestion: 'Yes, thank you: what does your team work on day to day?',
};

describe.each(databaseKinds())('report grouping with a freely worded model on %s', (kind) => {
  let now = new Date('2026-03-02T10:00:00Z');
  const fake = useStarted(async () => {
    const started = await startFakeOpenAiServer();
    started.lines = (messages) => LINES[messages.filter((m) => m.role === 'assistant').length]!;
    return started;
  });
  const ctx = useTestApp(kind, () => openAiStandInConfig(fake.url, { AI_TIMEOUT_MS: '5000' }), {
    now: () => now,
    listen: true,
  });

  it('pairs each question with its answers, follow-up included, and leaves the wrap-up and the candidate’s own question out', async () => {
    const { cookie } = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const setId = await insertSet(ctx.database.db, {
      type: 'topic-based',
      topics: ['Caching'],
      duration: 20,
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    now = new Date(now.getTime() + 3 * 60_000);
    await live.answer(ANSWERS.warmUp);
    now = new Date(now.getTime() + 2 * 60_000);
    await live.answer(ANSWERS.thin);
    // The last minutes of the 20 (the prompt tells the model to wrap up then): the model does.
    now = new Date(now.getTime() + 13 * 60_000);
    await live.answer(ANSWERS.probe);
    await live.answer(ANSWERS.candidateQuestion);

    const kinds = (await loadMessages(ctx.database.db, id))
      .filter((m) => m.speaker === 'AI')
      .map((m) => m.meta.kind);
    expect(kinds).toEqual(['question', 'question', 'follow-up', 'closing', 'closing']);
    // The model's goodbye finishes the interview, as a fixed set's last answer does (issue 27).
    expect((await live.next('completed')).reason).toBe('questions-exhausted');

    live.send({ type: 'end' });
    expect(await live.next('ended')).toMatchObject({ reportStatus: 'pending' });
    expect(await live.next('report')).toMatchObject({ reportStatus: 'completed' });
    const report = await waitForReport(ctx.app, cookie, id);
    expect(report.endedEarly).toBe(false);
    const pairs = report.questionReports.map((q: { question: string; answer: string }) => [
      q.question,
      q.answer,
    ]);
    // Each question labelled by itself, without the greeting or acknowledgement (issue 27).
    const [warmUp, consistency] = [
      "Tell me what you're building at the moment.",
      'How do you keep a cache consistent with the database when several services write to it?',
    ];
    expect(pairs).toEqual([
      [warmUp, ANSWERS.warmUp],
      [consistency, `${ANSWERS.thin} ${ANSWERS.probe}`],
    ]);
    // The report keeps the follow-up beside the question it probed, each with its own answer.
    expect(report.questionReports[0].exchanges).toBeUndefined();
    expect(report.questionReports[1].exchanges).toEqual([
      { asked: consistency, followUp: false, answer: ANSWERS.thin },
      { asked: LINES[2], followUp: true, answer: ANSWERS.probe },
    ]);
    // And the model that writes the report reads the answer as it was given, probe and all.
    const reportRequest = fake.requests
      .findLast((r) => !r.body.stream)!
      .body.messages.at(-1)!.content;
    expect(reportRequest).toContain(
      `Answer 2: ${ANSWERS.thin}\nFollow-up asked: ${LINES[2]}\nAnswer 2 (continued): ${ANSWERS.probe}`,
    );
    live.close();
  });
});
