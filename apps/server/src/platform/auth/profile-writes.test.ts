import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, signInAdmin, signUpCandidate, postSignUp, signUpBody } from '../../test/users';

/**
 * Issue 12, finding 3: POST /api/auth/update-user (better-auth's own endpoint) stored what the
 * profile form refuses: an experience level "god" that then broke the admin's candidate list for
 * every page holding that user, a megabyte-long name, markup. Every profile field better-auth
 * writes now passes the shared profile schema, and the lists survive a bad row written before.
 */
describe.each(databaseKinds())("better-auth's profile writes, on %s", (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const stored = async (id: string) =>
    (await ctx.database.db.select().from(user).where(eq(user.id, id)))[0]!;
  const updateUser = (cookie: string, payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: ORIGIN, cookie },
      payload,
    });

  it.each([
    ['experienceLevel', { experienceLevel: 'god' }, 'Please select a valid experience level'],
    ['name', { name: 'x'.repeat(500_000) }, 'name cannot be changed here'],
    ['name', { name: '<img src=x onerror=alert(1)>' }, 'name cannot be changed here'],
    ['image', { image: '<script>alert(1)</script>' }, 'Must be a valid URL'],
    ['lastName', { lastName: 'y'.repeat(500_000) }, 'Last name must be at most 50 characters'],
    ['role', { role: 'admin' }, 'role cannot be changed here'],
    ['theme', { theme: 'neon' }, 'theme cannot be changed here'],
    ['bio', { bio: 'b'.repeat(10_000) }, 'bio cannot be changed here'],
  ])('refuses %s with a 400 naming it, and stores nothing', async (field, payload, message) => {
    const c = await signUpCandidate(ctx.app);
    const before = await stored(c.userId);
    const res = await updateUser(c.cookie, { firstName: 'Grace', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ [field]: message });
    expect(await stored(c.userId)).toEqual(before);
  });

  it('changes what the profile form changes, keeping the display name whole', async () => {
    const c = await signUpCandidate(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const res = await updateUser(c.cookie, {
      lastName: "  O'Brien-Smith ",
      experienceLevel: 'staff',
      image: 'https://example.com/zoe.png',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(c.userId)).toMatchObject({
      firstName: 'Ada',
      lastName: "O'Brien-Smith",
      name: "Ada O'Brien-Smith",
      experienceLevel: 'staff',
      image: 'https://example.com/zoe.png',
    });
  });

  it('holds a server-side call of the endpoint to the same rules', async () => {
    const c = await signUpCandidate(ctx.app);
    const headers = new Headers({ cookie: c.cookie });
    await expect(
      ctx.app.deps.auth.candidate.api.updateUser({
        body: { experienceLevel: 'god' } as Record<string, unknown>,
        headers,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      ctx.app.deps.auth.candidate.api.updateUser({
        body: { name: 'Someone Else' } as Record<string, unknown>,
        headers,
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await stored(c.userId)).experienceLevel).toBe('mid');
  });

  it('refuses a megabyte-long last name at sign-up at once, naming the field', async () => {
    const res = await postSignUp(ctx.app, signUpBody({ lastName: 'y'.repeat(1_000_000) }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'lastName',
      message: 'Last name must be at most 50 characters',
    });
  });

  it('refuses markup as a sign-up picture', async () => {
    const body = signUpBody({ image: '"><script>alert(1)</script>' });
    const res = await postSignUp(ctx.app, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('image');
    expect(await ctx.database.db.select().from(user).where(eq(user.email, body.email))).toEqual([]);
  });

  it('keeps the candidate list and analytics working with a bad row written before the fix', async () => {
    const admin = await signInAdmin(ctx.app);
    const bad = await signUpCandidate(ctx.app, { firstName: 'Bad', lastName: 'Row' });
    // What the old update-user let through, written straight to the database.
    await ctx.database.db
      .update(user)
      .set({
        experienceLevel: 'god' as never,
        lastName: `<script>${'y'.repeat(100_000)}</script>`,
      })
      .where(eq(user.id, bad.userId));
    const get = (url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } });

    const list = await get('/api/admin/candidates?page=1&limit=10');
    expect(list.statusCode, list.body.slice(0, 200)).toBe(200);
    const row = list.json().data.find((r: { id: string }) => r.id === bad.userId);
    expect(row).toMatchObject({ firstName: 'Bad', experienceLevel: 'mid' });
    // Filtering by level and searching still answer too.
    expect((await get('/api/admin/candidates?experienceLevel=mid')).statusCode).toBe(200);
    expect((await get('/api/admin/candidates?search=Bad')).statusCode).toBe(200);
    expect((await get('/api/admin/analytics')).statusCode).toBe(200);
  });
});
