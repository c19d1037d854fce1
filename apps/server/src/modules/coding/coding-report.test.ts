import { beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { codingRound } from '../../db/seed-data/coding';
import { useTestApp, databaseKinds } from '../../test/harness';
import { finishAnswerCheck, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signInAdmin, signUpCandidate, ORIGIN } from '../../test/users';

/**
 * A coding round end to end on the server: the interviewer asks the coding question over the live
 * channel, the candidate runs the examples, submits a wrong then a right solution, explains it
 * out loud, ends, and the report's coding section holds what the server ran, never a guess.
 */

const [WARM_UP, TWO_SUM] = codingRound.questions!;
const WRONG = `function twoSum(nums, target) {
  for (let i = 0; i + 1 < nums.length; i++) if (nums[i] + nums[i + 1] === target) return [i, i + 1];
  return [0, 1];
}`;
const RIGHT = `function twoSum(nums, target) {
  const seen = new Map();
  for (let i = 0; i < nums.length; i++) {
    if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];
    seen.set(nums[i], i);
  }
}`;
const EXPLANATION = [
  'Okay, so my first idea was to check every pair, but that is O of n squared.',
  'Instead I walk the array once and keep a map from each value to its index.',
  'For every number I look up the complement, the target minus the number, and if it is in the map I return both indices.',
  'My first submission only compared neighbours, which is why a hidden test failed.',
  'That makes it O of n time and O of n space, because each number goes into the map once.',
  'For an empty array or a single element there is no pair, and with duplicates like three and three the map still works because I check before I insert.',
];

describe.each(databaseKinds())('a coding round’s report on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' }, { listen: true });
  let setId: string;

  beforeAll(async () => {
    const admin = await signInAdmin(ctx.app);
    const call = (url: string, payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: admin.cookie, origin: ORIGIN },
        payload,
      });
    const category = (await call('/api/admin/categories', { name: 'Coding round' })).json();
    const created = await call('/api/admin/interview-sets', {
      categoryId: category.id,
      title: 'Two sum',
      type: 'fixed',
      duration: 30,
      questions: [WARM_UP, TWO_SUM],
    });
    expect(created.statusCode, created.body).toBe(201);
    setId = created.json().id;
  });

  it('reports the final code, its tests, the time to pass and the complexity the candidate said', async () => {
    const { cookie } = await signUpCandidate(ctx.app, {
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, payload });
    const { id } = (await inject('POST', '/api/interview', { interviewSetId: setId })).json();
    const live = await LiveClient.connect(ctx.app, id, cookie);
    live.start();
    let reply = await live.next('reply.end');
    expect(reply.message.meta?.questionIndex).toBe(0);
    // The warm-up, and whatever follow-up it gets, until the coding question is asked.
    for (let turn = 0; reply.message.meta?.questionIndex !== 1 && turn < 4; turn++) {
      live.sendAnswer(
        'I recently rewrote our billing export so it streams rows instead of loading them all, which cut its memory from two gigabytes to fifty megabytes. I chose a cursor because the table kept growing. Next time I would add the load test first.',
        { mode: 'typed' },
      );
      reply = (await live.next(
        (f: ServerFrame) => f.type === 'reply.end' && f.message.id !== reply.message.id,
      )) as typeof reply;
    }
    expect(reply.message.meta).toMatchObject({ questionIndex: 1, kind: 'question' });

    const coding = (await inject('GET', `/api/interview/${id}/coding`)).json();
    expect(coding.questions[0].coding.starterCode.javascript).toContain('function twoSum');
    const submit = async (code: string, mode: 'examples' | 'submit') => {
      const res = await inject('POST', `/api/interview/${id}/code-runs`, {
        questionIndex: 1,
        language: 'javascript',
        code,
        mode,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().verdict as string;
    };
    /** One utterance (several sentences at a human pace are one answer) and the reply to it. */
    const say = async (text: string) => {
      const answerId = live.sendAnswer(text, { mode: 'voice', confidence: 0.92 });
      await live.next((f: ServerFrame) => f.type === 'ack' && f.id === answerId);
      const next = await live.next(
        (f: ServerFrame) => f.type === 'reply.end' && f.message.id !== reply.message.id,
      );
      reply = next as typeof reply;
      return reply.message;
    };

    // Thinking aloud while coding is not an answer to move on from: the interviewer stays.
    const nudge = await say(EXPLANATION.slice(0, 2).join(' '));
    expect(nudge.meta).toMatchObject({ kind: 'answer-to-candidate' });
    expect(nudge.meta?.questionIndex).toBeUndefined();
    expect(await say('Let me just write the loop.')).toMatchObject({ message: 'Mm-hm, go on.' });

    expect(await submit(WRONG, 'examples')).toBe('passed');
    expect(await submit(WRONG, 'submit')).toBe('failed');
    // The failed hidden tests have negative numbers: the interviewer asks about them.
    const probe = await say('Okay, I submitted it.');
    expect(probe.message).toBe(
      'Your submission passed 3 of 5 tests. How does it handle negative numbers?',
    );
    expect(probe.meta?.kind).toBe('follow-up');

    await say(EXPLANATION.slice(2, 4).join(' '));
    expect(await submit(RIGHT, 'submit')).toBe('passed');
    const complexity = await say('Now it passes.');
    expect(complexity.message).toContain('What are its time and space complexity');
    // The last question answered: a set made now invites the candidate's own questions.
    const invitation = await say(EXPLANATION.slice(4).join(' '));
    expect(invitation.meta?.kind).toBe('invite-questions');

    live.send({ type: 'end', early: true });
    const ended = await live.next('ended');
    if (ended.checkUntil) await finishAnswerCheck(ctx.app, cookie, id);
    const report = await waitForReport(ctx.app, cookie, id);
    live.close();
    expect(report.status).toBe('completed');

    const question = report.content?.questionReports?.[1] ?? report.questionReports[1];
    expect(question.kind).toBe('coding');
    expect(question.scored).toBe(true);
    expect(question.coding).toMatchObject({
      language: 'javascript',
      finalCode: RIGHT,
      verdict: 'passed',
      visible: { passed: 2, total: 2 },
      hidden: { passed: 3, total: 3 },
      runs: 3,
      submissions: 2,
      statedComplexity: 'O(n)',
      expectedComplexity: 'O(n) time, O(n) space',
      complexityMatches: true,
    });
    expect(question.coding.firstPassingAfterSeconds).toBeGreaterThanOrEqual(0);
    expect(question.dimensions.accuracy.score).toBe(100);
    expect(question.dimensions.technicalDepth.evidence[0]).toContain('O of n time');
    expect(question.dimensions.completeness.evidence.join(' ')).toContain('empty array');
    // The report never shows a hidden test's data: only counts.
    expect(JSON.stringify(report)).not.toContain('[[-1,-2,-3,-4,-5],-8]');
  });
});
