import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN, type DataExport } from '@candor/shared';
import {
  account,
  codeRuns,
  ltiIdentities,
  ltiLinks,
  session,
  tailoredDocuments,
  user,
  whiteboards,
} from '../../db/schema';
import { insertSet } from '../../test/interviews';
import { cookiesFrom, createTestApp, databaseKinds, type TestContext } from '../../test/harness';
import { giveHistory, rowsMentioning } from '../../test/user-data';
import {
  ORIGIN,
  TEST_PASSWORD,
  signIn,
  signInAdmin,
  signUpCandidate,
  type SignedIn,
} from '../../test/users';
import { userFilesDir } from './user-files';

describe.each(databaseKinds())('account self-service on %s', (kind) => {
  let ctx: TestContext;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-account-'));
    ctx = await createTestApp(kind, { DATA_DIR: dataDir, SIGN_IN_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await ctx?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'DELETE', url: string, who: SignedIn | null, payload?: unknown) =>
    ctx.app.inject({
      method,
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  it('exports the profile, every attempt with its conversation and report, and nothing of others', async () => {
    const me = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const other = await signUpCandidate(ctx.app);
    const mine = await giveHistory(ctx.database.db, me.userId, { label: 'Zoë' });
    await giveHistory(ctx.database.db, other.userId, { label: 'Bystander' });

    const res = await call('GET', '/api/user/export', me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="candor-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<DataExport>();
    expect(data).toMatchObject({ format: 'candor-data-export', version: 2 });
    expect(data.profile).toMatchObject({
      id: me.userId,
      email: me.email,
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
      signInMethods: ['credential'],
    });
    expect(data.attempts.map((a) => a.id)).toEqual([mine.completed, mine.unfinished]);
    const [done, open] = data.attempts;
    expect(done).toMatchObject({
      title: 'Caching and consistency',
      status: 'completed',
      questions: ['How would you invalidate a cache?'],
      completedAt: '2026-01-05T10:20:00.000Z',
    });
    expect(done!.conversation.map((m) => [m.seq, m.speaker])).toEqual([
      [1, 'AI'],
      [2, 'User'],
      [3, 'AI'],
    ]);
    expect(done!.conversation[1]).toMatchObject({
      message: 'Okay, so… Zoë would drop the entry on every write and version the keys.',
      mode: 'voice',
    });
    expect(done!.report).toMatchObject({
      status: 'completed',
      overallScore: 72,
      content: { summary: 'Zoë explained cache invalidation clearly.' },
    });
    expect(open).toMatchObject({ status: 'in_progress', conversation: [], report: null });
    // The service's own bookkeeping and the catalogue's answers are not the candidate's data;
    // nothing of the other candidate is there.
    const text = res.body;
    expect(text).not.toContain('SECRET-EXPECTED-ANSWER');
    expect(text).not.toContain('ENGINE-STATE');
    expect(text).not.toContain('Bystander');
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain('password');
  });

  it('exports who the person is on course platforms (LTI) without secrets; deletion removes it', async () => {
    const db = ctx.database.db;
    const me = await signUpCandidate(ctx.app, { firstName: 'Chloé', lastName: 'Dubois' });
    const other = await signUpCandidate(ctx.app);
    const setId = await insertSet(db, { type: 'fixed', title: 'Week 3 mock' });
    const issuer = 'https://canvas.school.example';
    for (const [who, sub] of [
      [me.userId, 'canvas-chloe'],
      [other.userId, 'canvas-other'],
    ] as const) {
      await db.insert(ltiIdentities).values({ issuer, sub, userId: who });
      await db.insert(ltiLinks).values({
        userId: who,
        issuer,
        clientId: 'TOOL-CLIENT-ID',
        deploymentId: 'dep-1',
        resourceLinkId: `link-${sub}`,
        sub,
        interviewSetId: setId,
        lineItem: `${issuer}/lineitems/3`,
        bestScore: 81,
        sendStatus: 'failed',
        sendError: 'PLATFORM-ERROR-TEXT Bearer tok',
      });
    }
    const res = await call('GET', '/api/user/export', me);
    expect(res.statusCode).toBe(200);
    const data = res.json<DataExport>();
    expect(data.lti.identities).toEqual([
      { issuer, sub: 'canvas-chloe', linkedAt: expect.any(String) },
    ]);
    expect(data.lti.launches).toEqual([
      {
        issuer,
        deploymentId: 'dep-1',
        resourceLinkId: 'link-canvas-chloe',
        setTitle: 'Week 3 mock',
        lineItem: `${issuer}/lineitems/3`,
        firstLaunchAt: expect.any(String),
        bestScore: 81,
        scoreStatus: 'failed',
        scoreSentAt: null,
      },
    ]);
    // The tool's client id and the platform's answers are the service's; the other's rows theirs.
    expect(res.body).not.toContain('TOOL-CLIENT-ID');
    expect(res.body).not.toContain('PLATFORM-ERROR-TEXT');
    expect(res.body).not.toContain('canvas-other');

    const gone = await call('DELETE', '/api/user/account', me, { password: TEST_PASSWORD });
    expect(gone.statusCode).toBe(200);
    const left = async (table: typeof ltiIdentities | typeof ltiLinks, who: string) =>
      (await db.select().from(table).where(eq(table.userId, who))).length;
    expect([await left(ltiIdentities, me.userId), await left(ltiLinks, me.userId)]).toEqual([0, 0]);
    expect([await left(ltiIdentities, other.userId), await left(ltiLinks, other.userId)]).toEqual(
      [1, 1],
    );
  });

  it('exports the job descriptions, résumés and code runs too, hidden tests without their data', async () => {
    const me = await signUpCandidate(ctx.app);
    const other = await signUpCandidate(ctx.app);
    const mine = await giveHistory(ctx.database.db, me.userId, { label: 'Zoë' });
    await giveHistory(ctx.database.db, other.userId, { label: 'Bystander' });
    const db = ctx.database.db;
    await db.insert(tailoredDocuments).values([
      {
        userId: me.userId,
        kind: 'job-description',
        name: 'Senior Backend Engineer',
        text: 'We are hiring a senior backend engineer: Go, PostgreSQL, Kafka.',
        extraction: { role: 'Senior Backend Engineer', required: ['Go'] },
        createdAt: new Date('2026-01-04T09:00:00Z'),
      },
      {
        userId: me.userId,
        kind: 'resume',
        name: 'zoe-cv.pdf',
        text: 'Zoë — Search Indexer: Kafka and Elasticsearch.',
        extraction: { skills: ['Kafka'], projects: [], years: 7 },
        createdAt: new Date('2026-01-04T09:05:00Z'),
      },
      {
        userId: other.userId,
        kind: 'resume',
        name: 'bystander-cv.pdf',
        text: 'Bystander résumé',
        createdAt: new Date('2026-01-04T09:06:00Z'),
      },
    ]);
    // A run's own fields come back as stored; its hidden test without the test's data.
    const run = {
      language: 'python',
      mode: 'submit',
      code: 'def two_sum(nums, target):\n    return [0, 1]',
      verdict: 'failed',
      passed: 1,
      total: 2,
      durationMs: 42,
    } as const;
    await db.insert(codeRuns).values({
      interviewId: mine.completed,
      questionIndex: 0,
      ...run,
      tests: [
        { index: 0, hidden: false, verdict: 'passed', input: '[2, 7], 9', expected: '[0, 1]' },
        {
          index: 1,
          hidden: true,
          verdict: 'failed',
          input: 'SECRET-HIDDEN-INPUT',
          expected: 'SECRET-HIDDEN-OUTPUT',
          actual: '[0, 1]',
        },
      ],
    });

    // The board of a system-design question (issue 29) is the candidate's drawing.
    const scene = {
      elements: [{ id: 'lb', type: 'rectangle', x: 0, y: 0, width: 120, height: 60 }],
    };
    await db
      .insert(whiteboards)
      .values({ interviewId: mine.completed, questionIndex: 1, scene, version: 3 });

    const res = await call('GET', '/api/user/export', me);
    expect(res.statusCode).toBe(200);
    const data = res.json<DataExport>();
    expect(data.documents).toEqual([
      expect.objectContaining({
        kind: 'job-description',
        name: 'Senior Backend Engineer',
        text: 'We are hiring a senior backend engineer: Go, PostgreSQL, Kafka.',
        extraction: { role: 'Senior Backend Engineer', required: ['Go'] },
        createdAt: '2026-01-04T09:00:00.000Z',
      }),
      expect.objectContaining({ kind: 'resume', name: 'zoe-cv.pdf', text: expect.any(String) }),
    ]);
    const done = data.attempts.find((a) => a.id === mine.completed)!;
    expect(done.codeRuns).toHaveLength(1);
    expect(done.codeRuns[0]).toMatchObject({
      ...run,
      tests: [
        { index: 0, hidden: false, verdict: 'passed', input: '[2, 7], 9', expected: '[0, 1]' },
        { index: 1, hidden: true, verdict: 'failed' },
      ],
    });
    expect(data.attempts.find((a) => a.id === mine.unfinished)!.codeRuns).toEqual([]);
    expect(done.whiteboards).toEqual([
      { questionIndex: 1, version: 3, scene, updatedAt: expect.any(String) },
    ]);
    expect(data.attempts.find((a) => a.id === mine.unfinished)!.whiteboards).toEqual([]);
    expect(res.body).not.toContain('SECRET-HIDDEN');
    expect(res.body).not.toContain('Bystander');
  });

  it('refuses the export and the deletion without a session', async () => {
    expect((await call('GET', '/api/user/export', null)).statusCode).toBe(401);
    expect((await call('DELETE', '/api/user/account', null, { password: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('deletes every row and file of the account, and only those, once the password is right', async () => {
    const me = await signUpCandidate(ctx.app, { firstName: 'Zoë', lastName: "O'Brien-Smith" });
    const other = await signUpCandidate(ctx.app);
    await giveHistory(ctx.database.db, me.userId, { dataDir });
    await giveHistory(ctx.database.db, other.userId, { dataDir });
    // A second device, and a password-reset token waiting in `verification`.
    const second = await signIn(ctx.app, me.email, TEST_PASSWORD);
    expect(second.statusCode).toBe(200);
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: ORIGIN },
      payload: { email: me.email, redirectTo: '/reset-password' },
    });
    expect(reset.statusCode).toBe(200);

    const needles = [me.userId, me.email];
    const before = await rowsMentioning(ctx.database.db, needles);
    // The search finds the account everywhere it lives (so finding nothing afterwards means something).
    for (const table of [
      'public.user',
      'public.session',
      'public.account',
      'public.verification',
      'public.interviews',
      'public.interview_messages',
      'public.reports',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const otherBefore = await rowsMentioning(ctx.database.db, [other.userId]);
    const myFiles = userFilesDir(dataDir, me.userId)!;
    const otherFiles = userFilesDir(dataDir, other.userId)!;
    expect(fs.existsSync(path.join(myFiles, 'cv.pdf'))).toBe(true);

    // Wrong or missing password: 400 naming the field, nothing deleted.
    const missing = await call('DELETE', '/api/user/account', me, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      password: 'Enter your password to delete your account',
    });
    const wrong = await call('DELETE', '/api/user/account', me, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({ password: 'Password is incorrect' });
    // Typing the e-mail is not enough for an account that has a password.
    const byEmail = await call('DELETE', '/api/user/account', me, { email: me.email });
    expect(byEmail.statusCode).toBe(400);
    expect(await rowsMentioning(ctx.database.db, needles)).toEqual(before);

    const res = await call('DELETE', '/api/user/account', me, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    expect(await rowsMentioning(ctx.database.db, needles)).toEqual({});
    expect(fs.existsSync(myFiles)).toBe(false);
    // The other candidate keeps every row and file.
    expect(await rowsMentioning(ctx.database.db, [other.userId])).toEqual(otherBefore);
    expect(fs.existsSync(path.join(otherFiles, 'cv.pdf'))).toBe(true);
    expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(200);

    // Both sessions are over and the account cannot sign in again.
    expect((await call('GET', '/api/auth/me', me)).statusCode).toBe(401);
    expect((await signIn(ctx.app, me.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('asks an account without a password (Google, GitHub, single sign-on) to type its e-mail', async () => {
    const me = await signUpCandidate(ctx.app);
    // As a GitHub sign-up has it: a linked provider and no password.
    await ctx.database.db
      .update(account)
      .set({ providerId: 'github', password: null })
      .where(eq(account.userId, me.userId));
    const info = await call('GET', '/api/user/account', me);
    expect(info.json()).toEqual({ email: me.email, hasPassword: false, providers: ['github'] });

    const none = await call('DELETE', '/api/user/account', me, { password: TEST_PASSWORD });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({
      email: 'Type your e-mail address to delete your account',
    });
    const wrong = await call('DELETE', '/api/user/account', me, { email: 'someone@example.com' });
    expect(wrong.json().fields).toEqual({
      email: 'This is not the e-mail address of your account',
    });
    expect(await rowsMentioning(ctx.database.db, [me.userId])).not.toEqual({});

    const res = await call('DELETE', '/api/user/account', me, {
      email: `  ${me.email.toUpperCase()} `,
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsMentioning(ctx.database.db, [me.userId, me.email])).toEqual({});
  });

  it('refuses the last administrator with 409 LAST_ADMIN, and lets one go once another exists', async () => {
    // Every other administrator of this database first goes, so this one is the last.
    const first = await signInAdmin(ctx.app);
    // An administrator practising in the candidate app deletes their account from its Settings.
    const inApp = async (who: SignedIn) => ({
      ...who,
      cookie: cookiesFrom((await signIn(ctx.app, who.email, TEST_PASSWORD)).headers['set-cookie']),
    });
    const firstApp = await inApp(first);
    const admins = await ctx.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.role, 'admin'));
    for (const a of admins) {
      if (a.id !== first.userId) await ctx.database.db.delete(user).where(eq(user.id, a.id));
    }

    const refused = await call('DELETE', '/api/user/account', firstApp, {
      password: TEST_PASSWORD,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: LAST_ADMIN.code, message: LAST_ADMIN.message });
    expect(await rowsMentioning(ctx.database.db, [first.userId])).toHaveProperty('public.user', 1);

    const second = await signInAdmin(ctx.app);
    const res = await call('DELETE', '/api/user/account', firstApp, { password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(await rowsMentioning(ctx.database.db, [first.userId, first.email])).toEqual({});

    // Now the second is the last one; the administrators' route never deletes an administrator.
    const again = await call('DELETE', '/api/user/account', await inApp(second), {
      password: TEST_PASSWORD,
    });
    expect(again.json()).toMatchObject({ code: LAST_ADMIN.code });
    const viaAdminRoute = await call('DELETE', `/api/admin/candidates/${second.userId}`, second);
    expect(viaAdminRoute.statusCode).toBe(404);
  });

  it('lets an administrator delete a candidate with everything of theirs', async () => {
    const admin = await signInAdmin(ctx.app);
    const candidate = await signUpCandidate(ctx.app);
    await giveHistory(ctx.database.db, candidate.userId, { dataDir });
    const files = userFilesDir(dataDir, candidate.userId)!;
    expect(fs.existsSync(files)).toBe(true);

    // A candidate cannot delete another candidate.
    const other = await signUpCandidate(ctx.app);
    const refused = await call('DELETE', `/api/admin/candidates/${candidate.userId}`, other);
    expect(refused.statusCode).toBe(403);

    const res = await call('DELETE', `/api/admin/candidates/${candidate.userId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(await rowsMentioning(ctx.database.db, [candidate.userId, candidate.email])).toEqual({});
    expect(fs.existsSync(files)).toBe(false);
    expect((await call('GET', '/api/auth/me', candidate)).statusCode).toBe(401);
    const sessions = await ctx.database.db
      .select()
      .from(session)
      .where(eq(session.userId, candidate.userId));
    expect(sessions).toEqual([]);
    expect(
      (await call('DELETE', `/api/admin/candidates/${candidate.userId}`, admin)).statusCode,
    ).toBe(404);
  });
});
