import { describe, expect, it } from 'vitest';
import { useTestApp, databaseKinds } from '../../test/harness';
import { ORIGIN, signInAdmin, signUpCandidate, type SignedIn } from '../../test/users';

describe.each(databaseKinds())('PUT /api/user/profile on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const put = (who: SignedIn | null, payload: object) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/user/profile',
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      payload,
    });
  const valid = { firstName: 'Grace', lastName: 'Hopper', experienceLevel: 'senior' };

  it('saves, clears blank fields, keeps the e-mail, and /auth/me shows the new name', async () => {
    const c = await signUpCandidate(ctx.app);
    await put(c, { ...valid, location: 'Arlington', bio: 'COBOL.' });
    const res = await put(c, { ...valid, email: 'taken@example.com', location: '  ', bio: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      experienceLevel: 'senior',
      email: c.email,
      location: null,
      bio: null,
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: c.cookie },
    });
    expect(me.json().user).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: c.email,
    });
  });

  it('names each bad field with the spec message', async () => {
    const c = await signUpCandidate(ctx.app);
    const res = await put(c, {
      firstName: 'G',
      lastName: '',
      experienceLevel: 'guru',
      location: 'x'.repeat(101),
      linkedinUrl: 'linkedin',
      twitterUrl: 'https://x.com/grace',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      firstName: 'First name must be at least 2 characters',
      lastName: 'Last name is required',
      experienceLevel: 'Experience level is required',
      location: 'Location must be at most 100 characters',
      linkedinUrl: 'Must be a valid URL',
    });
  });

  it('needs a candidate session: 401 anonymous or with only an admin-portal session', async () => {
    expect((await put(null, valid)).statusCode).toBe(401);
    const admin = await signInAdmin(ctx.app);
    expect([401, 403]).toContain((await put(admin, valid)).statusCode);
  });
});
