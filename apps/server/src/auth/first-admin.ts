import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../app';
import { user } from '../db/schema';

interface Log {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

export const ADMIN_PASSWORD_MIN = 8;

/**
 * Creates (or promotes) an administrator with better-auth's own password hashing and returns the
 * user id. Goes below the sign-up endpoint on purpose: administrators follow the admin password
 * rule (8+ characters, as Admin settings → Security), not the candidate sign-up form's.
 */
export async function createAdmin(
  deps: Pick<AppDeps, 'db' | 'auth'>,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<string> {
  const email = input.email.trim().toLowerCase();
  if (!email.includes('@')) throw new Error('The administrator needs a valid e-mail address');
  if (input.password.length < ADMIN_PASSWORD_MIN) {
    throw new Error(`The administrator password must be at least ${ADMIN_PASSWORD_MIN} characters`);
  }
  const ctx = await deps.auth.candidate.$context;
  const hash = await ctx.password.hash(input.password);
  const [existing] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  let userId: string;
  if (existing) {
    userId = existing.id;
  } else {
    const firstName = input.firstName ?? 'Admin';
    const lastName = input.lastName ?? 'User';
    const created = await ctx.internalAdapter.createUser(
      {
        email,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        emailVerified: true,
      },
      { method: 'admin' },
    );
    userId = created.id;
  }
  await deps.db.update(user).set({ role: 'admin', status: 'active' }).where(eq(user.id, userId));
  // A user who came through Google/GitHub/OIDC has no password yet: give them one to sign in with.
  const accounts = await ctx.internalAdapter.findAccounts(userId);
  if (accounts.some((a) => a.providerId === 'credential')) {
    await ctx.internalAdapter.updatePassword(userId, hash);
  } else {
    await ctx.internalAdapter.linkAccount({
      userId,
      providerId: 'credential',
      accountId: userId,
      password: hash,
    });
  }
  return userId;
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
