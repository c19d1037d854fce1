import { beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';
import { insertAttempt, insertCandidate } from '../../test/fixtures';

/**
 * Analytics and the candidates list against a fresh database whose every row the test wrote, so
 * each figure below is counted by hand.
 */
describe.each(databaseKinds())('admin people, hand-counted fixtures on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  const ids: string[] = [];
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
    const db = ctx.database.db;
    // The catalogue's categories (the top category is one of them); 'Ops' is not in it.
    await db
      .insert(categories)
      .values([{ name: 'Frontend' }, { name: 'Backend' }, { name: 'Data' }]);
    const base = Date.parse('2026-01-01T00:00:00Z');
    // 12 candidates, #0 oldest … #11 newest; #3 and #7 inactive; #5 and #9 senior.
    for (let n = 0; n < 12; n++) {
      ids.push(
        await insertCandidate(db, n, {
          firstName: n === 4 ? 'Margaret' : 'Cand',
          lastName: n === 4 ? 'Hamilton' : `Number${n}`,
          status: n === 3 || n === 7 ? 'inactive' : 'active',
          experienceLevel: n === 5 || n === 9 ? 'senior' : 'mid',
          createdAt: new Date(base + n * 60_000),
        }),
      );
    }
    // #11: 5 attempts, 2 completed (one scored 90, one with a pending report).
    await insertAttempt(db, ids[11]!, 'completed', { score: 90, category: 'Backend' });
    await insertAttempt(db, ids[11]!, 'completed', {
      reportStatus: 'pending',
      category: 'Backend',
    });
    await insertAttempt(db, ids[11]!, 'scheduled', { category: 'Frontend' });
    await insertAttempt(db, ids[11]!, 'cancelled', { category: 'Frontend' });
    await insertAttempt(db, ids[11]!, 'in_progress', { category: 'Frontend' });
    // #4: 2 completed, scored 71 and 50.
    await insertAttempt(db, ids[4]!, 'completed', { score: 71, category: 'Frontend' });
    await insertAttempt(db, ids[4]!, 'completed', { score: 50, category: 'Data' });
    // An administrator may practise too: platform analytics count it, the candidates page does not.
    await insertAttempt(db, admin.userId, 'in_progress', { category: 'Ops' });
  });

  const get = (url: string, who: SignedIn | null = admin) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

  it('analytics: every field of the specification, counted by hand', async () => {
    const res = await get('/api/admin/analytics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalUsers: 12, // candidates only
      totalInterviews: 8, // every attempt on the platform, the administrator's included
      completedInterviews: 4,
      scheduledInterviews: 1,
      inProgressInterviews: 2, // #11's and the administrator's: 4 + 1 + 2 + 1 = 8
      cancelledInterviews: 1,
      abandonedInterviews: 0,
      finishedInterviews: 5, // completed + cancelled
      averageScore: 70, // (90 + 71 + 50) / 3 = 70.3; the pending report has no score
      topCategory: 'Frontend', // 4 attempts, Backend 2, Data 1
    });
  });

  it('candidates: counts per row, summary, newest first', async () => {
    const res = await get('/api/admin/candidates?limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.summary).toEqual({
      totalCandidates: 12,
      activeCandidates: 10,
      totalInterviews: 7,
      completedInterviews: 4,
    });
    expect(body.data.map((r: { id: string }) => r.id)).toEqual([
      ids[11],
      ids[10],
      ids[9],
      ids[8],
      ids[7],
    ]);
    expect(body.data[0]).toMatchObject({
      totalInterviews: 5,
      completedInterviews: 2,
      finishedInterviews: 3, // the scheduled and in-progress ones are not finished yet
    });
    expect(body.data[1]).toMatchObject({
      totalInterviews: 0,
      completedInterviews: 0,
      finishedInterviews: 0,
    });
    expect(body.data[0].createdAt).toBe('2026-01-01T00:11:00.000Z');
    const margaret = (await get('/api/admin/candidates?search=MARGARET%20ham')).json();
    expect(margaret.data).toHaveLength(1);
    expect(margaret.data[0]).toMatchObject({
      id: ids[4],
      totalInterviews: 2,
      completedInterviews: 2,
    });
  });

  it('candidates: pagination edges and filters', async () => {
    const page = async (q: string) => (await get(`/api/admin/candidates?${q}`)).json();
    const first = await page('page=1&limit=5');
    expect(first.pagination).toEqual({ totalCount: 12, totalPages: 3, currentPage: 1, limit: 5 });
    const last = await page('page=3&limit=5');
    expect(last.data.map((r: { id: string }) => r.id)).toEqual([ids[1], ids[0]]);
    expect(last.pagination).toEqual({ totalCount: 12, totalPages: 3, currentPage: 3, limit: 5 });
    const beyond = await page('page=4&limit=5');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ totalCount: 12, totalPages: 3, currentPage: 4, limit: 5 });
    expect((await page('page=2&limit=10')).data).toHaveLength(2);
    expect((await page('limit=50')).pagination.totalPages).toBe(1);

    const inactive = await page('status=inactive');
    expect(inactive.data.map((r: { id: string }) => r.id)).toEqual([ids[7], ids[3]]);
    expect(inactive.pagination.totalCount).toBe(2);
    expect((await page('experienceLevel=senior')).pagination.totalCount).toBe(2);
    expect((await page('experienceLevel=senior&status=inactive')).data).toEqual([]);
    // LIKE wildcards are matched literally.
    expect((await page('search=%25')).pagination).toMatchObject({ totalCount: 0, totalPages: 1 });
    expect((await page('search=_')).data).toEqual([]);

    for (const bad of ['limit=3', 'limit=100', 'limit=abc', 'page=0', 'page=1.5']) {
      const res = await get(`/api/admin/candidates?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().fields), bad).toEqual([bad.split('=')[0]]);
    }
  });

  it('candidate status: unknown ids and administrators are not candidates', async () => {
    const put = (id: string, status: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/candidates/${id}/status`,
        headers: { cookie: admin.cookie, origin: ORIGIN },
        payload: { status },
      });
    expect((await put(crypto.randomUUID(), 'inactive')).statusCode).toBe(404);
    const notAnId = await put('no-such-user', 'inactive');
    expect(notAnId.statusCode).toBe(400);
    expect(Object.keys(notAnId.json().fields)).toEqual(['id']);
    expect((await put(admin.userId, 'inactive')).statusCode).toBe(404);
    const bad = await put(ids[0]!, 'banned');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['status']);
    expect((await put(ids[0]!, 'inactive')).json()).toEqual({ id: ids[0], status: 'inactive' });
    expect((await get('/api/admin/analytics')).json().totalUsers).toBe(12);
    expect((await put(ids[0]!, 'active')).statusCode).toBe(200);
  });

  it('every people route: 401 anonymous, 403 for a candidate', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const routes: [string, string, object?][] = [
      ['GET', '/api/admin/analytics'],
      ['GET', '/api/admin/candidates'],
      ['PUT', `/api/admin/candidates/${ids[1]}/status`, { status: 'inactive' }],
      ['PUT', '/api/admin/profile', { firstName: 'Evil', lastName: 'Mallory' }],
      [
        'PUT',
        '/api/admin/password',
        { currentPassword: 'x', newPassword: 'NewPass1!x', confirmPassword: 'NewPass1!x' },
      ],
    ];
    for (const [method, url, payload] of routes) {
      for (const [who, expected] of [
        [null, 401],
        [candidate, 403],
      ] as const) {
        const res = await ctx.app.inject({
          method: method as 'GET' | 'PUT',
          url,
          headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${url} as ${who ? 'candidate' : 'anonymous'}`).toBe(
          expected,
        );
      }
    }
    // Nothing changed: the candidate whose status was targeted is still active.
    const row = (await get('/api/admin/candidates?status=inactive&limit=50')).json();
    expect(row.data.map((r: { id: string }) => r.id)).not.toContain(ids[1]);
  });
});
