import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session, user } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import {
  TEST_PASSWORD,
  signIn,
  signUpCandidate,
  uniqueEmail,
  postSignUp,
  signUpBody,
} from '../../test/users';

/** The shape of a JSON value: object keys (sorted) with their shapes, and the type of the rest. */
function shapeOf(value: unknown): unknown {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value as object)
        .sort()
        .map((k) => [k, shapeOf((value as Record<string, unknown>)[k])]),
    );
  }
  return typeof value;
}

/**
 * Issue 12, finding 12: a sign-up with an e-mail that already has an account answered
 * USER_ALREADY_EXISTS, telling anyone which addresses have accounts.
 */
describe.each(databaseKinds())('signing up with an e-mail that has an account, on %s', (kind) => {
  const ctx = useTestApp(kind);

  const signUp = (email: string, password = 'Another1!pass') =>
    postSignUp(
      ctx.app,
      signUpBody({
        email,
        password,
        name: 'Zoë OBrien',
        firstName: 'Zoë',
        lastName: "O'Brien-Smith",
        experienceLevel: 'senior',
      }),
    );

  it('answers as a new sign-up does, without a session and without touching the account', async () => {
    const owner = await signUpCandidate(ctx.app, { firstName: 'Ada', lastName: 'Lovelace' });
    const fresh = await signUp(uniqueEmail('fresh'));
    const taken = await signUp(owner.email.toUpperCase());

    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(shapeOf(taken.json())).toEqual(shapeOf(fresh.json()));
    expect(taken.json()).toMatchObject({
      token: null,
      user: {
        email: owner.email,
        firstName: 'Zoë',
        lastName: "O'Brien-Smith",
        experienceLevel: 'senior',
        role: 'candidate',
      },
    });
    expect(fresh.json().token).toBeNull();
    expect(taken.json().user.id).not.toBe(owner.userId);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);

    // Nobody is signed in to the existing account, and it is as it was.
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(
      await ctx.database.db.select().from(session).where(eq(session.userId, owner.userId)),
    ).toHaveLength(1);
    const rows = await ctx.database.db.select().from(user).where(eq(user.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    expect((await signIn(ctx.app, owner.email, 'Another1!pass')).statusCode).toBe(401);
    expect((await signIn(ctx.app, owner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('tells the owner by e-mail, once an hour at most', async () => {
    const owner = await signUpCandidate(ctx.app);
    await signUp(owner.email);
    await signUp(owner.email);
    const notices = ctx.mailer.sent.filter((m) => m.to === owner.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe('Someone tried to sign up to Candor with your e-mail address');
    expect(notices[0]!.text).toContain('http://localhost:3000/login');
    // A new account's sign-up sends nothing.
    const fresh = uniqueEmail('fresh');
    await signUp(fresh);
    expect(ctx.mailer.sent.filter((m) => m.to === fresh)).toEqual([]);
  });
});
