import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { codeRuns, interviews } from '../../db/schema';
import { codingRound } from '../../db/seed-data/coding';
import { buildTestApp, useTestApp, databaseKinds, testConfig } from '../../test/harness';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn, requestAs } from '../../test/users';
import { TWO_SUM_SOLVED } from '../../test/solutions';

/**
 * Code runs through the API under pressure (issue 24): the run limit holds when runs race
 * (finding 9), a candidate has one run going and two waiting (429 past it), a waiting run is
 * dropped when its attempt ends or its request is abandoned (finding 7), and CODE_PYTHON=off
 * refuses Python naming the field.
 */

const TWO_SUM = codingRound.questions![1]!;
const LOOP = 'function twoSum() { for (;;) {} }';
/** Long enough for four requests at once to reach the queue before the first loop ends. */
const RUN_LIMIT_MS = 1_000;

describe.each(databaseKinds())('code runs under pressure on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  let setId: string;

  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    const category = (await call('POST', '/api/admin/categories', admin, { name: 'Runs' })).json();
    const res = await call('POST', '/api/admin/interview-sets', admin, {
      categoryId: category.id,
      title: 'Two sum, quick limit',
      type: 'fixed',
      duration: 30,
      questions: [
        {
          questionText: TWO_SUM.questionText,
          kind: 'coding',
          timeLimit: 600,
          coding: { ...TWO_SUM.coding, runLimitMs: RUN_LIMIT_MS },
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    setId = res.json().id;
  });

  const call = (method: string, url: string, who: SignedIn | null, payload?: unknown) =>
    requestAs(ctx.app, method, url, who, payload);

  /** A new candidate in an attempt whose coding question has been asked. */
  /** An attempt in its coding round, answered before (so discarding it ends it: decision 038). */
  async function codingAttempt() {
    const candidate = await signUpCandidate(ctx.app);
    const created = await call('POST', '/api/interview', candidate, { interviewSetId: setId });
    const id = created.json().id as string;
    await call('PUT', `/api/interview/${id}`, candidate, { status: 'in_progress' });
    await ctx.database.db
      .update(interviews)
      .set({
        engineState: { v: 1, questionIndex: 0, completed: false, completionReason: null },
        answeredAt: new Date(),
      })
      .where(eq(interviews.id, id));
    return { candidate, id };
  }

  const body = (code: string, language = 'javascript') => ({
    questionIndex: 0,
    language,
    code,
    mode: 'examples',
  });
  const rowsOf = (id: string) =>
    ctx.database.db.select().from(codeRuns).where(eq(codeRuns.interviewId, id));

  it('keeps no more runs than the limit when runs race (finding 9)', async () => {
    const { candidate, id } = await codingAttempt();
    // 199 of the 200 used: eight runs at once may keep one between them.
    await ctx.database.db.insert(codeRuns).values(
      Array.from({ length: 199 }, () => ({
        interviewId: id,
        questionIndex: 0,
        language: 'javascript' as const,
        mode: 'examples' as const,
        code: TWO_SUM_SOLVED.javascript,
        verdict: 'passed' as const,
        passed: 2,
        total: 2,
        tests: [],
        durationMs: 1,
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('POST', `/api/interview/${id}/code-runs`, candidate, body(TWO_SUM_SOLVED.javascript)),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expect(['CODE_RUN_LIMIT', 'CODE_RUNS_PENDING']).toContain(refused.json().code);
    }
    expect(await rowsOf(id)).toHaveLength(200);
  });

  it('refuses a fourth run with 429, and drops waiting runs when the attempt ends', async () => {
    const { candidate, id } = await codingAttempt();
    // Four loops at once: one goes, two wait, one is refused, whichever arrives last.
    const runs = Array.from({ length: 4 }, (_, i) =>
      call('POST', `/api/interview/${id}/code-runs`, candidate, body(`${LOOP} // ${i}`)),
    );
    // The refusal comes at once, while the first loop still runs.
    const refused = await Promise.race([
      ...runs.map(async (r) => {
        const res = await r;
        return res.statusCode === 429 ? res : new Promise<never>(() => undefined);
      }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), RUN_LIMIT_MS)),
    ]);
    expect(refused, 'a 429 while the first loop ran').not.toBeNull();
    expect(refused!.json()).toMatchObject({ code: 'CODE_RUNS_PENDING' });
    expect(refused!.json().message).toMatch(/a run going and 2 waiting/);

    const ended = await call('PUT', `/api/interview/${id}`, candidate, { status: 'cancelled' });
    expect(ended.statusCode, ended.body).toBe(200);
    const statuses = (await Promise.all(runs)).map((r) => r.statusCode).sort();
    // The loop going ends with its verdict; the two waiting are dropped at their turn.
    expect(statuses).toEqual([201, 409, 409, 429]);
    for (const res of await Promise.all(runs)) {
      if (res.statusCode === 409) expect(res.json().code).toBe('INTERVIEW_ENDED');
    }
    expect(await rowsOf(id)).toHaveLength(1);
  });

  it('drops a waiting run whose client closed the connection', async () => {
    const { candidate, id } = await codingAttempt();
    // Listening until the app closes (afterAll), like the recordings' cut-off upload.
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    {
      const going = call('POST', `/api/interview/${id}/code-runs`, candidate, body(LOOP));
      await new Promise((r) => setTimeout(r, 50));
      const leaving = new AbortController();
      const left = fetch(`${address}/api/interview/${id}/code-runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: candidate.cookie },
        body: JSON.stringify(body(`${TWO_SUM_SOLVED.javascript} // abandoned`)),
        signal: leaving.signal,
      }).catch(() => 'closed');
      await new Promise((r) => setTimeout(r, 100));
      leaving.abort();
      expect(await left).toBe('closed');
      expect((await going).statusCode).toBe(201);
      // Its turn came and went: it was never run, nor kept.
      await new Promise((r) => setTimeout(r, 200));
      const abandoned = await ctx.database.db
        .select()
        .from(codeRuns)
        .where(and(eq(codeRuns.interviewId, id), like(codeRuns.code, '%abandoned%')));
      expect(abandoned).toHaveLength(0);
    }
  });

  it('refuses Python with CODE_PYTHON=off, naming the field', async () => {
    const { candidate, id } = await codingAttempt();
    const off = await buildTestApp({
      config: testConfig({ CODE_PYTHON: 'off', SIGN_IN_RATE_LIMIT: '1000' }),
      database: ctx.database,
      secret: 'test-secret-test-secret-test-secret-0123',
    });
    try {
      const res = await off.inject({
        method: 'POST',
        url: `/api/interview/${id}/code-runs`,
        headers: { cookie: candidate.cookie, origin: ORIGIN },
        payload: body('def two_sum(nums, target):\n    return [0, 1]\n', 'python'),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ language: 'python cannot be run on this server' });
    } finally {
      await off.close();
    }
  });
});
