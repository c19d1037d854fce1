import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app';
import { user } from '../db/schema';

interface Log {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

/**
 * Creates (or promotes) an administrator with better-auth's own password hashing.
 * Returns the user id.
 */
export async function createAdmin(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  if (existing) {
    await deps.db
      .update(user)
      .set({ role: 'admin', status: 'active' })
      .where(eq(user.id, existing.id));
    const ctx = await deps.auth.candidate.$context;
    const hash = await ctx.password.hash(input.password);
    await ctx.internalAdapter.updatePassword(existing.id, hash);
    return existing.id;
  }
  const firstName = input.firstName ?? 'Admin';
  const lastName = input.lastName ?? 'User';
  const result = await deps.auth.candidate.api.signUpEmail({
    body: {
      email,
      password: input.password,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
    },
  });
  await deps.db.update(user).set({ role: 'admin' }).where(eq(user.id, result.user.id));
  return result.user.id;
}

/**
 * The first administrator: ADMIN_EMAIL/ADMIN_PASSWORD when given; otherwise, when no admin exists,
 * one with a generated password printed once in the log.
 */
export async function ensureFirstAdmin(deps: Pick<AppDeps, 'db' | 'auth' | 'config'>, log: Log) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = deps.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const [existing] = await deps.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, ADMIN_EMAIL.toLowerCase()));
    if (existing?.role === 'admin') return;
    await createAdmin(deps, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    log.info({ email: ADMIN_EMAIL }, 'administrator created from ADMIN_EMAIL');
    return;
  }
  const [anyAdmin] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, 'admin'))
    .limit(1);
  if (anyAdmin) return;
  const email = 'admin@candor.local';
  const password = `${crypto.randomBytes(9).toString('base64url')}Aa1!`;
  await createAdmin(deps, { email, password });
  log.warn(
    `No administrator existed, so one was created. Sign in at /admin/login with e-mail ${email} and password ${password} — this password is shown only once; change it in Admin settings → Security.`,
  );
}
