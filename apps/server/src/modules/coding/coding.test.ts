import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeRuns, interviews } from '../../db/schema';
import { codingRound } from '../../db/seed-data/coding';
import { useTestApp, databaseKinds } from '../../test/harness';
import { signInAdmin, signUpCandidate, type SignedIn, requestAs } from '../../test/users';
import { TWO_SUM_SOLVED } from '../../test/solutions';

/**
 * Coding questions through the API (issue 16): the admin's validation, what a candidate may see
 * (never a hidden test), runs on the real sandbox against visible examples and every test, and
 * the refusals: someone else's attempt, an ended attempt, a question that is not a coding one.
 */

const TWO_SUM = codingRound.questions![1]!;
const HIDDEN_INPUT = '[[-1,-2,-3,-4,-5],-8]';

/** Passes both examples, fails the hidden ones: it only ever looks at neighbours. */
const NEIGHBOURS_ONLY = `function twoSum(nums, target) {
  for (let i = 0; i + 1 < nums.length; i++) if (nums[i] + nums[i + 1] === target) return [i, i + 1];
  return [0, 1];
}`;

describe.each(databaseKinds())('coding questions on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let candidate: SignedIn;
  let setId: string;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    candidate = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'Coding' })
    ).json();
    const res = await call('POST', '/api/admin/interview-sets', admin, {
      categoryId: category.id,
      title: 'Two sum round',
      type: 'fixed',
      duration: 30,
      questions: [
        { questionText: 'What is a hash map?', kind: 'technical' },
        {
          questionText: TWO_SUM.questionText,
          expectedAnswer: TWO_SUM.expectedAnswer,
          kind: 'coding',
          keyPoints: TWO_SUM.keyPoints,
          timeLimit: 600,
          coding: TWO_SUM.coding,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    setId = res.json().id;
  });

  const call = (method: string, url: string, who: SignedIn | null, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);

  async function startedAttempt(who: SignedIn = candidate) {
    const created = await call('POST', '/api/interview', who, { interviewSetId: setId });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    const started = await call('PUT', `/api/interview/${id}`, who, { status: 'in_progress' });
    expect(started.statusCode, started.body).toBe(200);
    return id;
  }

  /** As if the interviewer had asked up to question `index` (the live path: coding-report.test.ts). */
  /** As if the interviewer had asked up to question `index` (answered before it, if any). */
  async function askedUpTo(id: string, index: number) {
    await ctx.database.db
      .update(interviews)
      .set({
        engineState: { v: 1, questionIndex: index, completed: false, completionReason: null },
        ...(index > 0 ? { answeredAt: new Date() } : {}),
      })
      .where(eq(interviews.id, id));
  }

  const run = (id: string, body: object, who: SignedIn = candidate) =>
    call('POST', `/api/interview/${id}/code-runs`, who, body);
  /** The candidate's run of the two-sum question (index 1). */
  const runTwoSum = (id: string, language: string, code: string, mode: 'examples' | 'submit') =>
    run(id, { questionIndex: 1, language, code, mode });

  it('refuses a coding question without its spec, a spec on another kind, and a spec without hidden tests, naming the field', async () => {
    const category = (
      await call('POST', '/api/admin/categories', admin, { name: 'Coding rules' })
    ).json();
    const setWith = (question: object) =>
      call('POST', '/api/admin/interview-sets', admin, {
        categoryId: category.id,
        title: `Rules ${Math.random()}`,
        type: 'fixed',
        duration: 30,
        questions: [question],
      });
    const noSpec = await setWith({ questionText: 'Reverse a list', kind: 'coding' });
    expect(noSpec.statusCode).toBe(400);
    expect(JSON.stringify(noSpec.json().fields)).toContain('coding');

    const specOnTechnical = await setWith({
      questionText: 'Reverse a list',
      kind: 'technical',
      coding: TWO_SUM.coding,
    });
    expect(specOnTechnical.statusCode).toBe(400);

    const visibleOnly = await setWith({
      questionText: 'Two sum',
      kind: 'coding',
      coding: { ...TWO_SUM.coding, tests: TWO_SUM.coding!.tests.filter((t) => !t.hidden) },
    });
    expect(visibleOnly.statusCode).toBe(400);
    expect(visibleOnly.body).toContain('at least one hidden test');

    const badJson = await setWith({
      questionText: 'Two sum',
      kind: 'coding',
      coding: {
        ...TWO_SUM.coding,
        tests: [...TWO_SUM.coding!.tests, { input: '[1, 2', expected: '3', hidden: true }],
      },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.body).toContain('Test input must be valid JSON');

    // The question routes hold the same rule, the stored kind merged with the update.
    const ok = await setWith({ questionText: 'Two sum', kind: 'coding', coding: TWO_SUM.coding });
    expect(ok.statusCode).toBe(201);
    const [question] = (await call('GET', `/api/admin/questions/${ok.json().id}`, admin)).json()
      .questions;
    expect(question.coding.tests).toHaveLength(TWO_SUM.coding!.tests.length);
    const toTechnical = await call('PUT', '/api/admin/questions', admin, {
      id: question.id,
      kind: 'technical',
    });
    expect(toTechnical.statusCode).toBe(400);
    expect(toTechnical.json().fields).toHaveProperty('coding');
  });

  it('never shows a candidate a hidden test: not in the set, not in the attempt, not in a run', async () => {
    const detail = await call('GET', `/api/interview/sets/${setId}`, candidate);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(HIDDEN_INPUT);
    expect(detail.body).not.toContain('expectedComplexity');

    const id = await startedAttempt();
    // A problem not reached yet is not shown, and cannot be run.
    expect((await call('GET', `/api/interview/${id}/coding`, candidate)).json().questions).toEqual(
      [],
    );
    const early = await runTwoSum(id, 'javascript', TWO_SUM_SOLVED.javascript, 'examples');
    expect(early.statusCode).toBe(400);
    expect(early.json().fields.questionIndex).toBe('this question has not been asked yet');
    await askedUpTo(id, 1);
    const attempt = await call('GET', `/api/interview/${id}`, candidate);
    expect(attempt.body).not.toContain(HIDDEN_INPUT);

    const coding = await call('GET', `/api/interview/${id}/coding`, candidate);
    expect(coding.statusCode).toBe(200);
    const [question] = coding.json().questions;
    expect(question).toMatchObject({ questionIndex: 1, lastCode: null, runs: [] });
    expect(question.coding.examples).toHaveLength(2);
    expect(question.coding.starterCode.python).toContain('def two_sum');
    expect(coding.body).not.toContain(HIDDEN_INPUT);
    expect(coding.body).not.toContain('O(n) time');

    const submitted = await runTwoSum(id, 'javascript', NEIGHBOURS_ONLY, 'submit');
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.body).not.toContain(HIDDEN_INPUT);
    const hidden = submitted.json().tests.filter((t: { hidden: boolean }) => t.hidden);
    expect(hidden).toHaveLength(3);
    for (const t of hidden) expect(Object.keys(t).sort()).toEqual(['hidden', 'index', 'verdict']);
  });

  it('runs the examples, then a failing and a passing submission, and keeps each run', async () => {
    const id = await startedAttempt();
    await askedUpTo(id, 1);
    const examples = await runTwoSum(id, 'javascript', NEIGHBOURS_ONLY, 'examples');
    expect(examples.statusCode, examples.body).toBe(201);
    expect(examples.json()).toMatchObject({
      mode: 'examples',
      verdict: 'passed',
      passed: 2,
      total: 2,
    });
    expect(examples.json().tests[0]).toMatchObject({
      hidden: false,
      input: '[[2,7,11,15],9]',
      actual: '[0,1]',
    });

    const failing = await runTwoSum(id, 'javascript', NEIGHBOURS_ONLY, 'submit');
    expect(failing.json()).toMatchObject({ verdict: 'failed', total: 5 });
    expect(failing.json().passed).toBeLessThan(5);

    const passing = await runTwoSum(id, 'javascript', TWO_SUM_SOLVED.javascript, 'submit');
    expect(passing.json()).toMatchObject({ verdict: 'passed', passed: 5, total: 5 });

    const coding = (await call('GET', `/api/interview/${id}/coding`, candidate)).json();
    expect(coding.questions[0].runs.map((r: { verdict: string }) => r.verdict)).toEqual([
      'passed',
      'failed',
      'passed',
    ]);
    expect(coding.questions[0].lastCode).toEqual({
      language: 'javascript',
      code: TWO_SUM_SOLVED.javascript,
    });
    // The server keeps every test's data (the interviewer and the report read it).
    const stored = await ctx.database.db
      .select()
      .from(codeRuns)
      .where(eq(codeRuns.interviewId, id));
    expect(stored).toHaveLength(3);
    expect(
      stored.find((r) => r.verdict === 'failed')!.tests.some((t) => t.input === HIDDEN_INPUT),
    ).toBe(true);
  });

  it('runs Python on the server too', async () => {
    const id = await startedAttempt();
    await askedUpTo(id, 1);
    const python = await runTwoSum(id, 'python', TWO_SUM_SOLVED.python, 'submit');
    expect(python.statusCode, python.body).toBe(201);
    expect(python.json()).toMatchObject({
      language: 'python',
      verdict: 'passed',
      passed: 5,
      total: 5,
    });
  }, 60_000);

  it('contains a runaway loop with a verdict, and the next run still works', async () => {
    const id = await startedAttempt();
    await askedUpTo(id, 1);
    const loop = await runTwoSum(
      id,
      'javascript',
      'function twoSum() { while (true) {} }',
      'examples',
    );
    expect(loop.statusCode).toBe(201);
    expect(loop.json().verdict).toBe('Time limit exceeded');
    const after = await runTwoSum(id, 'javascript', TWO_SUM_SOLVED.javascript, 'examples');
    expect(after.json().verdict).toBe('passed');
  });

  it('refuses bad bodies naming the field, another candidate, a non-coding question and an ended attempt', async () => {
    const id = await startedAttempt();
    await askedUpTo(id, 1);
    const anonymous = await run(id, { nonsense: true }, null as unknown as SignedIn);
    expect(anonymous.statusCode).toBe(401);

    const bad = await run(id, { questionIndex: 1, language: 'cobol', code: '', mode: 'later' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(
      expect.arrayContaining(['language', 'mode']),
    );

    const tooLong = await runTwoSum(id, 'javascript', 'x'.repeat(20_001), 'examples');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('code must be at most 20000 characters');

    const notCoding = await run(id, {
      questionIndex: 0,
      language: 'javascript',
      code: TWO_SUM_SOLVED.javascript,
      mode: 'examples',
    });
    expect(notCoding.statusCode).toBe(400);
    expect(notCoding.json().fields).toHaveProperty('questionIndex');

    const other = await signUpCandidate(ctx.app);
    const theirs = await run(
      id,
      {
        questionIndex: 1,
        language: 'javascript',
        code: TWO_SUM_SOLVED.javascript,
        mode: 'examples',
      },
      other,
    );
    expect([403, 404]).toContain(theirs.statusCode);
    expect((await call('GET', `/api/interview/${id}/coding`, other)).statusCode).toBeOneOf([
      403, 404,
    ]);

    const ended = await call('PUT', `/api/interview/${id}`, candidate, { status: 'cancelled' });
    expect(ended.statusCode, ended.body).toBe(200);
    const late = await runTwoSum(id, 'javascript', TWO_SUM_SOLVED.javascript, 'submit');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('INTERVIEW_ENDED');
    const rows = await ctx.database.db.select().from(codeRuns).where(eq(codeRuns.interviewId, id));
    expect(rows).toHaveLength(0);
  });

  it('exports and imports a coding question whole, hidden tests included (the admin’s file)', async () => {
    const sets = (await call('GET', '/api/admin/interview-sets', admin)).json();
    const categoryId = (sets.data ?? sets).find((s: { id: string }) => s.id === setId).categoryId;
    const exported = await call('GET', `/api/admin/categories/${categoryId}/export`, admin);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.body).toContain(HIDDEN_INPUT);
    const file = exported.json();
    file.category.name = 'Coding (imported)';
    const imported = await call('POST', '/api/admin/categories/import', admin, file);
    expect(imported.statusCode, imported.body).toBe(201);
  });
});
