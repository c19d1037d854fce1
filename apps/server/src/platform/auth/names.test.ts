import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { user } from '../../db/schema';
import { cookiesFrom, useTestApp, databaseKinds } from '../../test/harness';
import {
  signInAdmin,
  signUpCandidate,
  type SignedIn,
  postSignUp,
  signUpBody,
  requestAs,
} from '../../test/users';

const NAME_CHARACTERS = 'can only contain letters, spaces, hyphens and apostrophes';

/** Names of real people, stored as written and read back, on sign-up and in both profiles. */
describe.each(databaseKinds())('names of real people on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  const signUp = (firstName: string, lastName: string) =>
    postSignUp(ctx.app, signUpBody({ name: `${firstName} ${lastName}`, firstName, lastName }));
  const me = async (who: SignedIn, portal = '/api/auth') =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `${portal}/me`,
        headers: { cookie: who.cookie },
      })
    ).json().user;
  const stored = async (id: string) =>
    (await ctx.database.db.select().from(user).where(eq(user.id, id)))[0]!;

  it.each([
    ['Zoë', "O'Brien-Smith"],
    ['Thị Minh', 'Nguyễn'],
    ['José María', 'García Márquez'],
    ['Ngũgĩ', 'wa Thiong’o'],
    ['美咲', '王'],
    ['Владимир', 'Иванов'],
    ['محمد', 'العلي'],
  ])('signs up %s %s and reads the name back as written', async (firstName, lastName) => {
    const res = await signUp(firstName, lastName);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookiesFrom(res.headers['set-cookie']);
    const who = { cookie, userId: res.json().user.id, email: '' };
    expect(await me(who)).toMatchObject({ firstName, lastName });
    expect(await stored(who.userId)).toMatchObject({
      firstName,
      lastName,
      name: `${firstName} ${lastName}`,
    });
  });

  it('stores the composed form of a name typed with combining marks, trimmed', async () => {
    // "Zoë" with e + U+0308, and "Nguyễn" with e + U+0302 + U+0303, as some keyboards send them.
    const res = await signUp('  Zoe\u0308 ', 'Nguye\u0302\u0303n');
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json().user.id);
    expect(row.firstName).toBe('Zoë');
    expect(row.lastName).toBe('Nguyễn');
    expect(row.firstName.length).toBe(3);
  });

  it.each([
    ['firstName', 'R2D2', 'Lovelace', `First name ${NAME_CHARACTERS}`],
    ['lastName', 'Ada', '😀😀', `Last name ${NAME_CHARACTERS}`],
    ['firstName', '<img src=x>', 'Lovelace', `First name ${NAME_CHARACTERS}`],
    ['lastName', 'Ada', 'Love\u0007lace', `Last name ${NAME_CHARACTERS}`],
    ['firstName', 'Z', 'Lovelace', 'First name must be at least 2 characters'],
  ])('refuses a %s like %j / %j, naming the field', async (field, firstName, lastName, message) => {
    const res = await signUp(firstName, lastName);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field, message });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('saves "Zoë O\'Brien-Smith" and "Nguyễn" in Settings and reads them back', async () => {
    const c = await signUpCandidate(ctx.app);
    const put = (payload: object) =>
      requestAs(ctx.app, 'PUT', '/api/user/profile', c, { experienceLevel: 'mid', ...payload });
    const saved = await put({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await me(c)).toMatchObject({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    expect((await put({ firstName: 'Thị', lastName: 'Nguyễn' })).statusCode).toBe(200);
    expect(await stored(c.userId)).toMatchObject({
      firstName: 'Thị',
      lastName: 'Nguyễn',
      name: 'Thị Nguyễn',
    });
    const bad = await put({ firstName: 'Zoë', lastName: 'Smith<script>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ lastName: `Last name ${NAME_CHARACTERS}` });
    expect((await stored(c.userId)).lastName).toBe('Nguyễn');
  });

  it("saves an administrator's name with the same rule", async () => {
    const admin = await signInAdmin(ctx.app);
    const put = (payload: object) =>
      requestAs(ctx.app, 'PUT', '/api/admin/profile', admin, payload);
    const ok = await put({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await me(admin, '/api/admin-auth')).toMatchObject({
      firstName: 'Zoë',
      lastName: "O'Brien-Smith",
    });
    const bad = await put({ firstName: '1234', lastName: 'Nguyễn' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ firstName: `First name ${NAME_CHARACTERS}` });
  });

  it("holds better-auth's own profile update to the same rule", async () => {
    const c = await signUpCandidate(ctx.app);
    const update = (payload: object) =>
      requestAs(ctx.app, 'POST', '/api/auth/update-user', c, payload);
    const bad = await update({ firstName: '<b>x</b>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      field: 'firstName',
      message: `First name ${NAME_CHARACTERS}`,
    });
    expect((await stored(c.userId)).firstName).toBe('Ada');
    const ok = await update({ firstName: ' Zoe\u0308 ' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(c.userId)).firstName).toBe('Zoë');
  });
});
