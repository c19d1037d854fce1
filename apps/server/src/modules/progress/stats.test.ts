import { describe, expect, it } from 'vitest';
import { useTestApp, databaseKinds } from '../../test/harness';
import { signUpCandidate, type SignedIn } from '../../test/users';
import { insertAttempt } from '../../test/fixtures';

const at = (minutes: number) => new Date(Date.parse('2026-03-01T09:00:00Z') + minutes * 60_000);

describe.each(databaseKinds())('candidate stats and history, hand-counted on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const get = (url: string, who: SignedIn | null) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

  it('averages only completed attempts with a completed, scored report; trend oldest first', async () => {
    const c = await signUpCandidate(ctx.app);
    const db = ctx.database.db;
    // Inserted out of order: the trend follows completedAt.
    await insertAttempt(db, c.userId, 'completed', {
      title: 'Second',
      score: 64,
      dims: [70, 60, 62],
      completedAt: at(20),
      category: 'Backend',
    });
    await insertAttempt(db, c.userId, 'completed', {
      title: 'First',
      score: 81,
      dims: [85, 75, 83],
      completedAt: at(10),
      category: 'Frontend',
    });
    await insertAttempt(db, c.userId, 'completed', { reportStatus: 'pending' });
    await insertAttempt(db, c.userId, 'completed', { reportStatus: 'failed' });
    await insertAttempt(db, c.userId, 'completed'); // no report at all
    await insertAttempt(db, c.userId, 'in_progress');
    const s = (await get('/api/user/stats', c)).json();
    expect(s).toMatchObject({
      totalInterviews: 6,
      completedInterviews: 5,
      averageScore: 73, // (64 + 81) / 2 = 72.5, rounded half up
    });
    expect(s.trend).toEqual([
      {
        interviewId: expect.any(String),
        interviewSetId: null,
        title: 'First',
        categoryName: 'Frontend',
        difficulty: 'mid',
        completedAt: at(10).toISOString(),
        overall: 81,
        communication: 85,
        problemSolving: 75,
        confidence: 83,
      },
      expect.objectContaining({ title: 'Second', overall: 64, problemSolving: 60 }),
    ]);
    expect(s.categoryAverages).toEqual([
      { category: 'Backend', average: 64, count: 1 },
      { category: 'Frontend', average: 81, count: 1 },
    ]);
    // Dimensions: communication 77.5, problem solving 67.5, confidence 72.5; Backend 64 is lower.
    expect(s.practiseNext).toEqual({ kind: 'category', name: 'Backend', score: 64 });
  });

  it('a single category is never the suggestion: the weakest dimension is', async () => {
    const c = await signUpCandidate(ctx.app);
    await insertAttempt(ctx.database.db, c.userId, 'completed', { score: 40, dims: [90, 80, 70] });
    const s = (await get('/api/user/stats', c)).json();
    expect(s.practiseNext).toEqual({ kind: 'dimension', name: 'Confidence', score: 70 });
    expect(s.averageScore).toBe(40);
  });

  it('history: newest first, report only when one exists, wildcards literal, no other candidate', async () => {
    const c = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const db = ctx.database.db;
    await insertAttempt(db, c.userId, 'completed', {
      title: '100% Kotlin',
      score: 88,
      createdAt: at(1),
      topics: ['Coroutines', 'Flows'],
    });
    await insertAttempt(db, c.userId, 'scheduled', { title: 'Rust_basics', createdAt: at(2) });
    await insertAttempt(db, c.userId, 'in_progress', { title: 'Go', createdAt: at(3) });
    await insertAttempt(db, c.userId, 'cancelled', { title: 'Elixir', createdAt: at(4) });
    const foreign = await insertAttempt(db, other.userId, 'completed', {
      title: '100% Other',
      score: 10,
    });

    const all = (await get('/api/interview?category=all&status=all&limit=5', c)).json();
    expect(all.interviews.map((i: { title: string }) => i.title)).toEqual([
      'Elixir',
      'Go',
      'Rust_basics',
      '100% Kotlin',
    ]);
    expect(all.interviews[3]).toMatchObject({
      status: 'completed',
      topics: ['Coroutines', 'Flows'],
      report: { overallScore: 88, status: 'completed' },
      interviewSet: { title: '100% Kotlin', category: { name: 'Frontend' } },
    });
    expect(all.interviews[0].report).toBeNull();
    expect(all.meta).toEqual({ totalCount: 4, totalPages: 1, currentPage: 1, limit: 5 });

    const titles = async (q: string) =>
      (await get(`/api/interview?${q}`, c))
        .json()
        .interviews.map((i: { title: string }) => i.title);
    expect(await titles('search=%25')).toEqual(['100% Kotlin']);
    expect(await titles('search=_')).toEqual(['Rust_basics']);
    expect(await titles('search=flows')).toEqual(['100% Kotlin']);
    expect(await titles('status=in_progress')).toEqual(['Go']);
    expect(await titles('status=cancelled')).toEqual(['Elixir']);
    expect(await titles('category=Nonexistent')).toEqual([]);
    expect(JSON.stringify((await get('/api/interview?limit=50', c)).json())).not.toContain(foreign);

    const empty = (await get('/api/interview?status=completed&category=Backend', c)).json();
    expect(empty).toEqual({
      interviews: [],
      meta: { totalCount: 0, totalPages: 1, currentPage: 1, limit: 10 },
    });
    const long = await get(`/api/interview?search=${'x'.repeat(101)}`, c);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ search: 'search must be at most 100 characters' });
    expect((await get('/api/user/stats', null)).statusCode).toBe(401);
  });

  it('documents the progress and people responses in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses: object }>>;
    const ok = (path: string, method = 'get') =>
      (paths[path]?.[method]?.responses as Record<string, { content?: unknown }>)?.['200']?.content;
    for (const path of [
      '/api/user/stats',
      '/api/interview',
      '/api/admin/analytics',
      '/api/admin/candidates',
    ])
      expect(ok(path), path).toBeTruthy();
    expect(ok('/api/admin/candidates/{id}/status', 'put')).toBeTruthy();
  });
});
