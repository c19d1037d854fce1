import { describe, expect, it } from 'vitest';
import { CANDIDATE_QUESTIONS } from '@candor/shared';
import { FAREWELL } from '../../ai/builtin/interviewer';
import { questionOf } from '../../engine/heard';
import { testClock } from '../../test/clock';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertSet, startLive, waitForReport } from '../../test/interviews';
import type { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';
import { loadMessages } from '../interviews';

/**
 * Issue 27 on the real database, builtin interviewer, through the live channel: a natural finish
 * completes the attempt (End just ends it, the report is not "ended early"); a candidate who cuts
 * in during a transition was asked nothing; "could you repeat the question?" hears the question
 * again and is no answer; the set's topics are the ones introduced, and the report labels each
 * question by the question itself. The interview clock is moved, never waited for.
 */

const MINUTE = 60_000;
const ABOUT_ME =
  'Okay, so I am a data engineer with five years of experience, and at the moment I build the nightly pipelines of an online shop.';
const ANSWER =
  'For example, in my last job a nightly report took forty minutes, so I read the query plan, added a composite index and rewrote a subquery as a join, and it finished in two minutes.';

describe.each(databaseKinds())('the interviewer’s conversation on %s', (kind) => {
  const clock = testClock();
  const ctx = useTestApp(kind, {}, { now: clock.now, listen: true });

  /** A candidate in a 10-minute topic interview of SQL and Apache Spark, past the introduction. */
  async function begin() {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'topic-based',
      title: 'Data platform',
      topics: ['SQL', 'Apache Spark'],
      duration: 10,
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    const intro = (await live.next('reply.end')).message;
    return { cookie, id, live, intro };
  }

  const aiLines = async (id: string) =>
    (await loadMessages(ctx.database.db, id)).filter((m) => m.speaker === 'AI');

  async function endAndReport(live: LiveClient, cookie: string, id: string, early: boolean) {
    live.send({ type: 'end', ...(early ? { early } : {}) });
    const ended = await live.next((f) => f.type === 'ended' || f.type === 'error');
    expect(ended).toMatchObject({ type: 'ended' });
    return waitForReport(ctx.app, cookie, id);
  }

  it('the goodbye completes the attempt: End just ends it, and the report is not "ended early"', async () => {
    const { cookie, id, live } = await begin();
    clock.advance(8.5 * MINUTE);
    const wrap = await live.answer(ABOUT_ME);
    expect(wrap.reply.meta?.kind).toBe('invite-questions');
    const bye = await live.answer("No, that's all from me, thank you.");
    expect(bye.reply.message).toBe(FAREWELL);
    expect((await live.next('completed')).reason).toBe('questions-exhausted');
    const detail = await ctx.app.inject({ url: `/api/interview/${id}`, headers: { cookie } });
    expect(detail.json()).toMatchObject({
      engineCompleted: true,
      completionReason: 'questions-exhausted',
    });
    // Anything said after the goodbye is told the interview is complete.
    const after = await live.answer('Oh, one more thing.');
    expect(after.reply.meta?.kind).toBe('closing');
    const report = await endAndReport(live, cookie, id, false);
    expect(report.endedEarly).toBe(false);
    live.close();
  });

  it('introduces the set’s topics by their names and labels each question by itself', async () => {
    const { cookie, id, live, intro } = await begin();
    expect(intro.message).toContain("We'll talk about SQL and Apache Spark for about 10 minutes.");
    const sql = await live.answer(ABOUT_ME);
    expect(sql.reply.message).toContain("Let's talk about SQL.");
    const spark = await live.answer(ANSWER);
    expect(spark.reply.message).toMatch(/Apache Spark\. .*Apache Spark/);
    await live.answer(ANSWER);
    const report = await endAndReport(live, cookie, id, true);
    const questions = report.questionReports.map((q: { question: string }) => q.question);
    expect(questions[0]).toBe(questionOf(intro.message));
    expect(questions[0]).toMatch(/^To warm up, could you tell me/);
    for (const q of questions) expect(q).not.toMatch(/^(Hello|Thank|Thanks|Got it|Okay)/);
    expect(questions.some((q: string) => q.includes('Apache Spark'))).toBe(true);
    live.close();
  });

  it('a candidate who cuts in during a transition was asked nothing: the question comes again', async () => {
    const { cookie, id, live } = await begin();
    const first = await live.answer(ABOUT_ME);
    const next = await live.answer(ANSWER);
    // The candidate cuts in once "…Let's turn to Apache Spark." was said, before the question.
    const line = next.reply.message;
    const transition = line.slice(0, line.indexOf(questionOf(line))).trim();
    expect(transition).toMatch(/Apache Spark\.$/);
    live.interrupt(next.reply.id, transition);
    await live.next((f) => f.type === 'reply.end' && f.message.id === next.reply.id);
    const more = 'And I should add that we kept the old plan for a week in case we had to go back.';
    const again = await live.answer(more);
    // The question the candidate never heard is asked now.
    expect(again.reply.meta?.kind).toBe('question');
    expect(again.reply.message).toContain(questionOf(line));
    const report = await endAndReport(live, cookie, id, true);
    const labels = report.questionReports.map((q: { question: string }) => q.question);
    expect(labels).not.toContain(transition);
    expect(labels.some((q: string) => q.includes('Apache Spark.'))).toBe(false);
    // What they said over the transition goes on their answer to the question before it.
    const before = report.questionReports.find(
      (q: { question: string }) => q.question === questionOf(first.reply.message),
    );
    expect(before.answer).toBe(`${ANSWER} ${more}`);
    live.close();
  });

  it('a fixed set: a question cut off before it was heard is asked again, not skipped', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [{ questionText: 'What is an index?' }, { questionText: 'What is a join?' }],
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    const next = await live.answer(ANSWER);
    expect(next.reply.message).toContain('What is a join?');
    live.interrupt(next.reply.id, 'Thank you for that answer.');
    await live.next((f) => f.type === 'reply.end' && f.message.id === next.reply.id);
    const more = 'And the index has to be kept up to date on every write.';
    const again = await live.answer(more);
    expect(again.reply.message).toBe('Here is the question: What is a join?');
    expect(again.reply.meta).toMatchObject({ kind: 'question', questionIndex: 1 });
    const join = 'A join combines the rows of two tables that match on a condition, such as a key.';
    await live.answer(join);
    const report = await endAndReport(live, cookie, id, true);
    expect(report.questionReports.map((q: { answer: string }) => q.answer)).toEqual([
      `${ANSWER} ${more}`,
      join,
    ]);
    live.close();
  });

  it('"could you repeat the question?" hears it again and is not an answer', async () => {
    const { cookie, id, live } = await begin();
    const asked = await live.answer(ABOUT_ME);
    const repeat = await live.answer('Sorry, could you repeat the question?');
    expect(repeat.reply.meta?.kind).toBe('repeat');
    expect(repeat.reply.message).toBe(`Of course. ${questionOf(asked.reply.message)}`);
    await live.answer(ANSWER);
    const report = await endAndReport(live, cookie, id, true);
    const question = report.questionReports.find(
      (q: { question: string }) => q.question === questionOf(asked.reply.message),
    );
    expect(question.answer).toBe(ANSWER);
    expect(JSON.stringify(report.questionReports)).not.toContain('could you repeat');
    expect((await aiLines(id)).map((m) => m.meta.kind)).toEqual([
      'question',
      'question',
      'repeat',
      'question',
    ]);
    live.close();
  });

  it('"we are nearly out of time" is said only in the wrap-up minutes', async () => {
    const { live, id } = await begin();
    await live.answer(ABOUT_ME);
    for (let i = 0; i < 6; i++) {
      clock.advance(MINUTE);
      const { reply } = await live.answer(ANSWER);
      expect(reply.message).not.toContain(CANDIDATE_QUESTIONS.invitation);
    }
    clock.advance(2.5 * MINUTE);
    const { reply } = await live.answer(ANSWER);
    expect(reply.message).toContain("We're nearly out of time");
    expect((await aiLines(id)).filter((m) => m.meta.kind === 'invite-questions')).toHaveLength(1);
    live.close();
  });
});
