import { ACCOUNT_DISABLED } from '@candor/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';
import { AppError } from '../errors';

/**
 * A deactivated account's sessions are not deleted when an administrator deactivates it: every
 * use of one is refused with a reason the app can show ("This account has been disabled"), so each
 * open tab or device learns why at its next request and signs out (sign-out is the one thing such
 * a session may still do). Reactivation ends any left, so a session open at deactivation never
 * works again (admin-people/service.ts).
 */

/** The 403 every request with a deactivated account's session gets. */
export const accountDisabled = () =>
  new AppError(403, ACCOUNT_DISABLED.message, undefined, ACCOUNT_DISABLED.code);

/**
 * The account behind a session token (expired or not) and the portal the session was signed in
 * to, or null when there is no such session.
 */
export async function sessionAccount(
  db: Db,
  token: string,
): Promise<{ userId: string; status: string; portal: string } | null> {
  const [row] = await db
    .select({ userId: user.id, status: user.status, portal: session.portal })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token));
  return row ?? null;
}
