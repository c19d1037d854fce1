import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CandidateBusyError,
  createSandbox,
  RunDroppedError,
  type Sandbox,
  type SubmissionRequest,
  type SubmissionResult,
} from './index';

/**
 * Issue 24, finding 7: one worker and one queue were shared by everyone, so one candidate's six
 * endless loops made another's correct submission wait 24 s. Now each candidate has one run going
 * and two waiting at most, candidates are served in turn, and a loop costs one time limit.
 */

const LIMIT_MS = 300;

const requests = {
  javascript: {
    loop: 'function twoSum() { for (;;) {} }',
    solved: 'function twoSum(nums, target) { return [0, 1]; }',
    entryPoint: 'twoSum',
  },
  python: {
    loop: 'def two_sum(nums, target):\n    while True:\n        pass\n',
    solved: 'def two_sum(nums, target):\n    return [0, 1]\n',
    entryPoint: 'two_sum',
  },
} as const;

const submission = (
  language: 'javascript' | 'python',
  kind: 'loop' | 'solved',
): SubmissionRequest => ({
  language,
  code: requests[language][kind],
  entryPoint: requests[language].entryPoint,
  // Three tests each: before, a loop cost every one of them its limit.
  tests: Array.from({ length: 3 }, () => ({ input: '[[2,7],9]', expected: '[0,1]' })),
  timeLimitMs: LIMIT_MS,
});

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = createSandbox({ workers: 1, pythonChildren: 1 });
  await sandbox.prepare();
});
afterAll(async () => sandbox?.close());

/** Settles a run as its verdict or its refusal's name. */
const outcome = (run: Promise<SubmissionResult>) =>
  run.then(
    (r) => r.verdict,
    (err: Error) => err.name,
  );

describe('fair scheduling (issue 24, finding 7)', () => {
  for (const language of ['javascript', 'python'] as const) {
    it(`${language}: six endless loops of one candidate delay another by one loop's time limit, no more`, async () => {
      // The order runs settle in, which no machine's load changes: the other candidate's run goes
      // right after the loop that is running, before the looper's waiting ones.
      const settled: string[] = [];
      const loops = Array.from({ length: 6 }, (_, i) =>
        outcome(sandbox.run(submission(language, 'loop'), { owner: 'looper' })).then((v) => {
          if (v === 'Time limit exceeded') settled.push(`loop ${i}`);
          return v;
        }),
      );
      const started = performance.now();
      const other = await sandbox.run(submission(language, 'solved'), { owner: 'other' });
      settled.push('other');
      const waitedMs = Math.round(performance.now() - started);
      console.log(
        `${language}: the other candidate's verdict came ${waitedMs} ms after submitting, behind 6 endless loops of another (time limit ${LIMIT_MS} ms)`,
      );
      expect(other.verdict).toBe('passed');
      const verdicts = await Promise.all(loops);
      expect(settled).toEqual(['loop 0', 'other', 'loop 1', 'loop 2']);
      // One going and two waiting; the rest refused at once, saying why.
      expect(verdicts.filter((v) => v === 'Time limit exceeded')).toHaveLength(3);
      expect(verdicts.filter((v) => v === 'CandidateBusyError')).toHaveLength(3);
    }, 30_000);
  }

  it('drops a waiting run whose request was abandoned, and one whose attempt ended', async () => {
    const going = sandbox.run(submission('javascript', 'loop'), { owner: 'leaver' });
    const abandoned = new AbortController();
    const left = sandbox.run(submission('javascript', 'solved'), {
      owner: 'leaver',
      signal: abandoned.signal,
    });
    let asked = 0;
    const ended = sandbox.run(submission('javascript', 'solved'), {
      owner: 'leaver',
      stillWanted: async () => {
        asked++;
        return false;
      },
    });
    abandoned.abort();
    await expect(left).rejects.toBeInstanceOf(RunDroppedError);
    // Its place is free at once: the candidate may queue again while the loop still runs.
    const again = sandbox.run(submission('javascript', 'solved'), { owner: 'leaver' });
    await expect(
      sandbox.run(submission('javascript', 'solved'), { owner: 'leaver' }),
    ).rejects.toBeInstanceOf(CandidateBusyError);
    await expect(ended).rejects.toMatchObject({ name: 'RunDroppedError', reason: 'not-wanted' });
    expect(asked).toBe(1);
    expect((await going).verdict).toBe('Time limit exceeded');
    expect((await again).verdict).toBe('passed');
  });
});
