import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { account, session, user } from '../../db/schema';
import type { ReadCache } from '../cache/read-cache';
import type { Auth } from './auth';

interface Log {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
}

export const ADMIN_PASSWORD_MIN = 8;

/** What `createAdmin` did, for the log and the command line. */
export interface AdminProvisioned {
  userId: string;
  /** A new account; an existing non-administrator made one; an administrator given a password. */
  action: 'created' | 'promoted' | 'updated';
  /** Sessions of the account that ended (every one it had). */
  sessionsEnded: number;
  /** The sentence the log and the command line print. */
  summary: string;
}

/**
 * Refused: the e-mail belongs to an account someone registered themselves whose address was never
 * verified, so whoever registered it (not necessarily the address's owner) would become
 * administrator. Promoting it needs `force` (`--force`, `ADMIN_FORCE=true`).
 */
export class UnverifiedAccountError extends Error {
  constructor(
    readonly email: string,
    readonly createdAt: Date,
  ) {
    super(
      `${email} already has an account, registered through the sign-up form on ${createdAt.toISOString().slice(0, 10)}, whose e-mail address was never verified: whoever registered it could be someone other than the address's owner, and they would become administrator. Nothing was changed. To promote this account anyway (its password is replaced and every session it has ends), run \`npm run admin:create -- --email ${email} --password '…' --force\`, or start the server with ADMIN_FORCE=true beside ADMIN_EMAIL and ADMIN_PASSWORD; or choose another e-mail address for the administrator.`,
    );
    this.name = 'UnverifiedAccountError';
  }
}

type Deps = {
  db: Db;
  auth: { candidate: Auth };
  readCache?: Pick<ReadCache, 'invalidateUser'>;
};

/**
 * Creates (or promotes) an administrator with better-auth's own password hashing. Goes below the
 * sign-up endpoint on purpose: administrators follow the admin password rule (8+ characters, as
 * Admin settings → Security), not the candidate sign-up form's.
 *
 * An existing account keeps none of its sessions: whoever held one (possibly someone who registered
 * the address before the operator chose it) signs in again, with the new password (decision 017).
 * An unverified self-registered account is promoted only with `force`.
 */
export async function createAdmin(
  deps: Deps,
  input: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    force?: boolean;
  },
): Promise<AdminProvisioned> {
  const email = input.email.trim().toLowerCase();
  if (!email.includes('@')) throw new Error('The administrator needs a valid e-mail address');
  if (input.password.length < ADMIN_PASSWORD_MIN) {
    throw new Error(`The administrator password must be at least ${ADMIN_PASSWORD_MIN} characters`);
  }
  const ctx = await deps.auth.candidate.$context;
  const [existing] = await deps.db
    .select({
      id: user.id,
      role: user.role,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
    })
    .from(user)
    .where(eq(user.email, email));
  if (existing && existing.role !== 'admin' && !existing.emailVerified && !input.force) {
    throw new UnverifiedAccountError(email, existing.createdAt);
  }
  const hash = await ctx.password.hash(input.password);

  if (!existing) {
    const firstName = input.firstName ?? 'Admin';
    const lastName = input.lastName ?? 'User';
    const created = await ctx.internalAdapter.createUser(
      { email, name: `${firstName} ${lastName}`, firstName, lastName, emailVerified: true },
      { method: 'admin' },
    );
    await deps.db
      .update(user)
      .set({ role: 'admin', status: 'active' })
      .where(eq(user.id, created.id));
    await ctx.internalAdapter.linkAccount({
      userId: created.id,
      providerId: 'credential',
      accountId: created.id,
      password: hash,
    });
    return {
      userId: created.id,
      action: 'created',
      sessionsEnded: 0,
      summary: `Administrator ${email} was created.`,
    };
  }

  const userId = existing.id;
  // One transaction: the role, the password and the end of every session land together, so no
  // session survives into the account's life as administrator.
  const sessionsEnded = await deps.db.transaction(async (tx) => {
    await tx
      .update(user)
      // The operator vouches for the address by naming it.
      .set({ role: 'admin', status: 'active', emailVerified: true })
      .where(eq(user.id, userId));
    const credentials = await tx
      .update(account)
      .set({ password: hash })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
      .returning({ id: account.id });
    if (credentials.length === 0) {
      // Only ever signed in with Google/GitHub/OIDC: give them a password to sign in with.
      await tx.insert(account).values({
        id: crypto.randomUUID(),
        userId,
        providerId: 'credential',
        accountId: userId,
        password: hash,
      });
    }
    const ended = await tx
      .delete(session)
      .where(eq(session.userId, userId))
      .returning({ id: session.id });
    return ended.length;
  });
  deps.readCache?.invalidateUser(userId);
  const ended = `${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'} of the account ended`;
  if (existing.role === 'admin') {
    return {
      userId,
      action: 'updated',
      sessionsEnded,
      summary: `Administrator ${email} already existed: the password was replaced and ${ended}.`,
    };
  }
  const how = existing.emailVerified
    ? 'its e-mail address verified'
    : 'an unverified self-registered account, promoted because forced';
  return {
    userId,
    action: 'promoted',
    sessionsEnded,
    summary: `The existing account ${email} (registered ${existing.createdAt.toISOString().slice(0, 10)}, ${how}) was made administrator: the password was replaced and ${ended}.`,
  };
}

/**
 * The first administrator: ADMIN_EMAIL/ADMIN_PASSWORD when given; otherwise, when no admin exists,
 * one with a generated password printed once in the log. An unverified self-registered account at
 * ADMIN_EMAIL stops the start (UnverifiedAccountError says what to do) unless ADMIN_FORCE is set.
 */
export async function ensureFirstAdmin(deps: Deps & { config: Config }, log: Log) {
  const { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_FORCE } = deps.config;
  if (ADMIN_EMAIL && ADMIN_PASSWORD) {
    const [existing] = await deps.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.email, ADMIN_EMAIL.toLowerCase()));
    if (existing?.role === 'admin') return;
    const done = await createAdmin(deps, {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      force: ADMIN_FORCE,
    });
    const entry = { email: ADMIN_EMAIL, sessionsEnded: done.sessionsEnded };
    if (done.action === 'created') log.info(entry, `ADMIN_EMAIL: ${done.summary}`);
    else log.warn(entry, `ADMIN_EMAIL: ${done.summary}`);
    return;
  }
  const [anyAdmin] = await deps.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.role, 'admin'))
    .limit(1);
  if (anyAdmin) return;
  const password = `${crypto.randomBytes(9).toString('base64url')}Aa1!`;
  let email = 'admin@candor.local';
  const [taken] = await deps.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  // Someone signed up with the made-up address: never theirs to become, so another one.
  if (taken) email = `admin-${crypto.randomBytes(3).toString('hex')}@candor.local`;
  await createAdmin(deps, { email, password });
  log.warn(
    `No administrator existed, so one was created. Sign in at /admin/login with e-mail ${email} and password ${password} — this password is shown only once; change it in Admin settings → Security.`,
  );
}
