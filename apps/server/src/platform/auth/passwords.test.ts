import { verifyPassword } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account } from '../../db/schema';
import { useTestApp } from '../../test/harness';
import { TEST_PASSWORD, signIn, signUpCandidate } from '../../test/users';

/**
 * The rest of the suite hashes passwords cheaply (test/templates.ts, docs/testing.md); this file
 * proves the production app does not: an app built without the test's hashing stores better-auth's
 * scrypt (a 16-byte salt and a 64-byte key, in hex) and signs in with it.
 */
describe('passwords in the production app', () => {
  const ctx = useTestApp('pglite', {}, { productionPasswords: true });

  it('are stored as scrypt and checked against it', async () => {
    const candidate = await signUpCandidate(ctx.app);
    const [row] = await ctx.database.db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, candidate.userId), eq(account.providerId, 'credential')));
    expect(row?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: row!.password!, password: TEST_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: row!.password!, password: 'Wrong1!pass' })).toBe(false);

    const ok = await signIn(ctx.app, candidate.email, TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    const wrong = await signIn(ctx.app, candidate.email, 'Wrong1!pass');
    expect(wrong.statusCode).toBe(401);
  });
});
