import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { interviews } from '../../db/schema';
import { createTestApp, useTestApp, databaseKinds } from '../../test/harness';
import { insertAttempt, type AttemptOptions, type AttemptStatus } from '../../test/fixtures';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
} from '../../test/users';

describe.each(databaseKinds())('progress and people on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signInAdmin(ctx.app);
  });

  const get = (url: string, who: SignedIn | null) =>
    ctx.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const put = (url: string, who: SignedIn | null, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url,
      headers: { ...(who ? { cookie: who.cookie } : {}), origin: ORIGIN },
      payload,
    });

  /** An attempt with, when scored, a completed report. */
  const attempt = (userId: string, status: AttemptStatus, opts: AttemptOptions = {}) =>
    insertAttempt(ctx.database.db, userId, status, opts);

  it('stats: zero data gives zeros and null, never NaN', async () => {
    const c = await signUpCandidate(ctx.app);
    const res = await get('/api/user/stats', c);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalInterviews: 0,
      completedInterviews: 0,
      averageScore: null,
      trend: [],
      practiseNext: null,
    });
  });

  it('stats match a hand-counted fixture and suggest the weakest area', async () => {
    const c = await signUpCandidate(ctx.app);
    await attempt(c.userId, 'completed', { score: 80, category: 'Frontend', dims: [90, 60, 85] });
    await attempt(c.userId, 'completed', { score: 61, category: 'Backend', dims: [70, 50, 65] });
    await attempt(c.userId, 'scheduled');
    await attempt(c.userId, 'cancelled');
    const other = await signUpCandidate(ctx.app);
    await attempt(other.userId, 'completed', { score: 10 });
    const s = (await get('/api/user/stats', c)).json();
    expect(s).toMatchObject({ totalInterviews: 4, completedInterviews: 2, averageScore: 71 });
    expect(s.trend.map((p: { overall: number }) => p.overall)).toEqual([80, 61]);
    expect(s.practiseNext).toEqual({ kind: 'dimension', name: 'Problem Solving', score: 55 });
  });

  it('history: only the caller’s attempts, filtered, searched and paginated', async () => {
    const c = await signUpCandidate(ctx.app);
    for (let i = 0; i < 25; i++) {
      await attempt(c.userId, i % 3 === 0 ? 'completed' : 'scheduled', {
        title: i === 7 ? 'Kubernetes Deep Dive' : `Attempt ${i}`,
        category: i % 2 === 0 ? 'Backend' : 'Frontend',
        topics: i === 11 ? ['GraphQL'] : [],
        score: i % 3 === 0 ? 70 : undefined,
      });
    }
    const other = await signUpCandidate(ctx.app);
    await attempt(other.userId, 'completed', { title: 'Not yours', score: 50 });

    const page1 = (await get('/api/interview?page=1&limit=10', c)).json();
    expect(page1.meta).toEqual({ totalCount: 25, totalPages: 3, currentPage: 1, limit: 10 });
    expect(page1.interviews).toHaveLength(10);
    const last = (await get('/api/interview?page=3&limit=10', c)).json();
    expect(last.interviews).toHaveLength(5);
    const beyond = (await get('/api/interview?page=9&limit=10', c)).json();
    expect(beyond).toMatchObject({
      interviews: [],
      meta: { totalCount: 25, totalPages: 3, currentPage: 9 },
    });
    expect(JSON.stringify(page1)).not.toContain('Not yours');

    expect((await get('/api/interview?status=completed&limit=50', c)).json().meta.totalCount).toBe(
      9,
    );
    expect((await get('/api/interview?category=backend&limit=50', c)).json().meta.totalCount).toBe(
      13,
    );
    expect(
      (await get('/api/interview?search=kubernetes', c))
        .json()
        .interviews.map((i: { title: string }) => i.title),
    ).toEqual(['Kubernetes Deep Dive']);
    expect((await get('/api/interview?search=graphql', c)).json().meta.totalCount).toBe(1);
    expect((await get('/api/interview?search=FRONTEND&limit=50', c)).json().meta.totalCount).toBe(
      12,
    );

    for (const bad of ['limit=7', 'limit=0', 'page=0', 'page=abc', 'status=done']) {
      const res = await get(`/api/interview?${bad}`, c);
      expect(res.statusCode, bad).toBe(400);
      expect(Object.keys(res.json().fields)[0]).toBe(bad.split('=')[0]);
    }
    expect((await get('/api/interview', null)).statusCode).toBe(401);
  });

  it('profile: saves the fields, ignores a changed e-mail, names bad fields', async () => {
    const c = await signUpCandidate(ctx.app);
    const ok = await put('/api/user/profile', c, {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'changed@example.com',
      experienceLevel: 'staff',
      bio: 'Compilers.',
      location: 'Arlington',
      githubUrl: 'https://github.com/grace',
      linkedinUrl: '',
      twitterUrl: '',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      firstName: 'Grace',
      email: c.email,
      experienceLevel: 'staff',
      githubUrl: 'https://github.com/grace',
      linkedinUrl: null,
    });
    const bad = await put('/api/user/profile', c, {
      firstName: '',
      lastName: 'H',
      experienceLevel: 'mid',
      bio: 'x'.repeat(501),
      githubUrl: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      firstName: 'First name is required',
      bio: 'Bio must be at most 500 characters',
      githubUrl: 'Must be a valid URL',
    });
  });

  it('analytics: counts and average in SQL, null top category and average with no data', async () => {
    const before = (await get('/api/admin/analytics', admin)).json();
    const c = await signUpCandidate(ctx.app);
    await attempt(c.userId, 'completed', { score: 90, category: 'Zeta Systems' });
    await attempt(c.userId, 'cancelled', { category: 'Zeta Systems' });
    await attempt(c.userId, 'scheduled', { category: 'Zeta Systems' });
    await attempt(c.userId, 'in_progress', { category: 'Zeta Systems' });
    const abandoned = await attempt(c.userId, 'cancelled', { category: 'Zeta Systems' });
    await ctx.database.db
      .update(interviews)
      .set({ cancelReason: 'abandoned' })
      .where(eq(interviews.id, abandoned));
    const after = (await get('/api/admin/analytics', admin)).json();
    const delta = (key: string) => after[key] - before[key];
    expect(delta('totalUsers')).toBe(1);
    expect(delta('totalInterviews')).toBe(5);
    expect(delta('completedInterviews')).toBe(1);
    expect(delta('cancelledInterviews')).toBe(2);
    expect(delta('abandonedInterviews')).toBe(1);
    expect(delta('scheduledInterviews')).toBe(1);
    expect(delta('inProgressInterviews')).toBe(1);
    expect(delta('finishedInterviews')).toBe(3);
    // The cards add up: every attempt has exactly one of the four statuses.
    expect(
      after.completedInterviews +
        after.scheduledInterviews +
        after.inProgressInterviews +
        after.cancelledInterviews,
    ).toBe(after.totalInterviews);
    expect(typeof after.averageScore).toBe('number');
    expect((await get('/api/admin/analytics', c)).statusCode).toBe(403);
    expect((await get('/api/admin/analytics', null)).statusCode).toBe(401);

    const empty = await createTestApp(kind);
    const emptyAdmin = await signInAdmin(empty.app);
    const zero = (
      await empty.app.inject({
        method: 'GET',
        url: '/api/admin/analytics',
        headers: { cookie: emptyAdmin.cookie },
      })
    ).json();
    expect(zero).toEqual({
      totalUsers: 0,
      totalInterviews: 0,
      completedInterviews: 0,
      scheduledInterviews: 0,
      inProgressInterviews: 0,
      cancelledInterviews: 0,
      abandonedInterviews: 0,
      finishedInterviews: 0,
      averageScore: null,
      topCategory: null,
    });
    await empty.close();
  });

  it('candidates: search by e-mail, filters, counts per candidate, page sizes, deactivation ends sessions and sign-in', async () => {
    const c = await signUpCandidate(ctx.app, {
      experienceLevel: 'senior',
      firstName: 'Linus',
      lastName: 'Torvalds',
    });
    await attempt(c.userId, 'completed', { score: 70 });
    await attempt(c.userId, 'scheduled');
    await attempt(c.userId, 'in_progress');
    await attempt(c.userId, 'cancelled');
    const found = (
      await get(`/api/admin/candidates?search=${encodeURIComponent(c.email)}`, admin)
    ).json();
    expect(found.data).toHaveLength(1);
    // Open attempts are not finished: the success rate is out of completed + cancelled.
    expect(found.data[0]).toMatchObject({
      email: c.email,
      totalInterviews: 4,
      completedInterviews: 1,
      finishedInterviews: 2,
      status: 'active',
      experienceLevel: 'senior',
    });
    expect(
      (await get('/api/admin/candidates?search=linus%20torv', admin)).json().data[0].email,
    ).toBe(c.email);
    expect(
      (await get('/api/admin/candidates?experienceLevel=senior&limit=50', admin))
        .json()
        .data.every((r: { experienceLevel: string }) => r.experienceLevel === 'senior'),
    ).toBe(true);
    for (const bad of ['limit=7', 'experienceLevel=guru', 'status=gone', 'page=-1']) {
      expect((await get(`/api/admin/candidates?${bad}`, admin)).statusCode, bad).toBe(400);
    }
    expect((await get('/api/admin/candidates', c)).statusCode).toBe(403);

    const off = await put(`/api/admin/candidates/${c.userId}/status`, admin, {
      status: 'inactive',
    });
    expect(off.json()).toEqual({ id: c.userId, status: 'inactive' });
    // The open session is refused with the reason (auth/deactivated.test.ts).
    const refused = await get('/api/auth/me', c);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_DISABLED');
    expect((await signIn(ctx.app, c.email, TEST_PASSWORD)).statusCode).toBe(403);
    expect(
      (await get('/api/admin/candidates?status=inactive&limit=50', admin))
        .json()
        .data.map((r: { id: string }) => r.id),
    ).toContain(c.userId);
    await put(`/api/admin/candidates/${c.userId}/status`, admin, { status: 'active' });
    expect((await signIn(ctx.app, c.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('admin account: profile update, and a password change that needs the current password and signs out', async () => {
    const a = await signInAdmin(ctx.app);
    const prof = await put('/api/admin/profile', a, { firstName: 'Ada', lastName: 'Admin' });
    expect(prof.json().user).toMatchObject({ firstName: 'Ada', lastName: 'Admin' });
    const wrong = await put('/api/admin/password', a, {
      currentPassword: 'Wrong1!pass',
      newPassword: 'NewPass1!x',
      confirmPassword: 'NewPass1!x',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ currentPassword: 'Current password is incorrect' });
    const mismatch = await put('/api/admin/password', a, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NewPass1!x',
      confirmPassword: 'Other1!x',
    });
    expect(mismatch.json().fields).toEqual({ confirmPassword: 'New passwords do not match' });
    const short = await put('/api/admin/password', a, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.json().fields.newPassword).toBe('Password must be at least 8 characters long');
    const ok = await put('/api/admin/password', a, {
      currentPassword: TEST_PASSWORD,
      newPassword: 'NewPass1!x',
      confirmPassword: 'NewPass1!x',
    });
    expect(ok.statusCode).toBe(200);
    expect((await get('/api/admin-auth/me', a)).statusCode).toBe(401);
    expect((await signIn(ctx.app, a.email, 'NewPass1!x', 'admin')).statusCode).toBe(200);
    expect((await signIn(ctx.app, a.email, TEST_PASSWORD, 'admin')).statusCode).toBe(401);
    const rows = await ctx.database.db
      .select()
      .from(interviews)
      .where(eq(interviews.userId, a.userId));
    expect(rows).toEqual([]);
  });
});
