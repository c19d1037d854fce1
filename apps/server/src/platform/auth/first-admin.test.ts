import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '../../db/schema';
import { useTestApp, databaseKinds } from '../../test/harness';
import { TEST_PASSWORD, signIn, signUpCandidate, uniqueEmail } from '../../test/users';
import { createAdmin, ensureFirstAdmin } from './first-admin';

function captureLog() {
  const lines: string[] = [];
  const log = {
    info: (o: object | string, m?: string) => lines.push(typeof o === 'string' ? o : (m ?? '')),
    warn: (o: object | string, m?: string) => lines.push(typeof o === 'string' ? o : (m ?? '')),
  };
  return { lines, log };
}

describe.each(databaseKinds())('the first administrator on %s', (kind) => {
  const ctx = useTestApp(kind, { SIGN_IN_RATE_LIMIT: '1000' });

  it('is generated once, with a password printed once, when none is configured', async () => {
    const { lines, log } = captureLog();
    await ensureFirstAdmin(ctx.app.deps, log);
    expect(lines).toHaveLength(1);
    const match = /e-mail (\S+) and password (\S+) /.exec(lines[0]!);
    expect(match).toBeTruthy();
    const res = await signIn(ctx.app, match![1]!, match![2]!, 'admin');
    expect(res.statusCode).toBe(200);

    const second = captureLog();
    await ensureFirstAdmin(ctx.app.deps, second.log);
    expect(second.lines).toEqual([]);
  });

  it('comes from ADMIN_EMAIL and ADMIN_PASSWORD when given', async () => {
    const email = uniqueEmail('boss');
    const { log } = captureLog();
    await ensureFirstAdmin(
      {
        ...ctx.app.deps,
        config: { ...ctx.app.deps.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'Boss1!pass' },
      },
      log,
    );
    expect((await signIn(ctx.app, email, 'Boss1!pass', 'admin')).statusCode).toBe(200);
  });

  it('promotes an existing candidate when forced and sets the given password', async () => {
    const candidate = await signUpCandidate(ctx.app);
    expect((await signIn(ctx.app, candidate.email, TEST_PASSWORD, 'admin')).statusCode).toBe(403);
    // Self-registered, never verified: only with force (promotion.test.ts has the rest).
    await createAdmin(ctx.app.deps, {
      email: candidate.email,
      password: 'Promoted1!',
      force: true,
    });
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, candidate.userId));
    expect(row?.role).toBe('admin');
    expect((await signIn(ctx.app, candidate.email, 'Promoted1!', 'admin')).statusCode).toBe(200);
  });

  it('follows the admin password rule (8+), not the sign-up form, and refuses shorter', async () => {
    const email = uniqueEmail('plain');
    await createAdmin(ctx.app.deps, { email, password: 'plainpassword' });
    expect((await signIn(ctx.app, email, 'plainpassword', 'admin')).statusCode).toBe(200);
    await expect(
      createAdmin(ctx.app.deps, { email: uniqueEmail('short'), password: 'short' }),
    ).rejects.toThrow('at least 8 characters');
  });

  it('gives a password to a promoted user who only ever signed in with a provider', async () => {
    const email = uniqueEmail('sso');
    await ctx.database.db.insert(user).values({
      id: crypto.randomUUID(),
      email,
      name: 'Sso Person',
      firstName: 'Sso',
      lastName: 'Person',
      emailVerified: true,
    });
    await createAdmin(ctx.app.deps, { email, password: 'Sso-admin1' });
    expect((await signIn(ctx.app, email, 'Sso-admin1', 'admin')).statusCode).toBe(200);
  });
});
