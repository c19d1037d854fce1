import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Auth } from '../../platform/auth/auth';
import type { Db } from '../../db/client';
import { ltiIdentities, user } from '../../db/schema';
import type { VerifiedLaunch } from './launch';
import { LtiRefusal } from './refusal';

/**
 * The candidate a platform's person is here, by (issuer, sub); made on their first launch. An
 * existing account is never taken over by e-mail: whoever runs a platform could claim any
 * address, an administrator's too. A first launch whose e-mail is already an account's gets an
 * account of its own at a placeholder address (decision 047).
 */
export async function candidateOf(db: Db, auth: Auth, launch: VerifiedLaunch): Promise<string> {
  const issuer = launch.platform.issuer;
  const known = async () =>
    (
      await db
        .select({ userId: ltiIdentities.userId, status: user.status })
        .from(ltiIdentities)
        .innerJoin(user, eq(user.id, ltiIdentities.userId))
        .where(and(eq(ltiIdentities.issuer, issuer), eq(ltiIdentities.sub, launch.sub)))
    )[0];
  const found = await known();
  if (found) {
    if (found.status !== 'active')
      throw new LtiRefusal(403, 'ACCOUNT_DISABLED', 'Your Candor account is deactivated.');
    return found.userId;
  }
  const ctx = await auth.$context;
  const placeholder = `lti-${crypto.createHash('sha256').update(`${issuer}\n${launch.sub}`).digest('hex').slice(0, 24)}@lti.invalid`;
  const email = launch.email?.toLowerCase();
  const free = email ? !(await ctx.internalAdapter.findUserByEmail(email)) : false;
  const firstName = launch.givenName ?? launch.name?.split(' ')[0] ?? 'Student';
  const lastName = launch.familyName ?? '';
  const created = await ctx.internalAdapter.createUser(
    {
      email: free ? email! : placeholder,
      name: `${firstName} ${lastName}`.trim(),
      emailVerified: false,
      firstName,
      lastName,
    },
    { method: 'lti' },
  );
  // Two first launches at once: the second's identity row loses and its account is removed.
  const [linked] = await db
    .insert(ltiIdentities)
    .values({ issuer, sub: launch.sub, userId: created.id })
    .onConflictDoNothing()
    .returning();
  if (!linked) {
    await db.delete(user).where(eq(user.id, created.id));
    return (await known())!.userId;
  }
  return created.id;
}

/** better-auth's HMAC-SHA256 signed cookie value (better-call's signCookieValue). */
function signed(value: string, secret: string): string {
  const mac = crypto.createHmac('sha256', secret).update(value).digest('base64');
  return encodeURIComponent(`${value}.${mac}`);
}

/**
 * Signs the candidate in to the candidate app as better-auth does for every other sign-in: a
 * session row made through its adapter (so its hooks run: active accounts only, the portal
 * recorded) and its session cookie, signed with the auth secret. Returns the Set-Cookie value.
 */
export async function signInCandidate(auth: Auth, userId: string): Promise<string> {
  const ctx = await auth.$context;
  const session = await ctx.internalAdapter.createSession(userId);
  const { name, attributes } = ctx.authCookies.sessionToken;
  const parts = [`${name}=${signed(session.token, ctx.secret)}`, 'Path=/', 'HttpOnly'];
  if (attributes.maxAge) parts.push(`Max-Age=${Math.floor(attributes.maxAge)}`);
  if (attributes.secure) parts.push('Secure');
  parts.push('SameSite=Lax');
  return parts.join('; ');
}
