import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { isStaffRole, type Portal, type Role, type UserStatus } from '@candor/shared';
import { forbidden, unauthorized } from '../errors';
import type { ReadCache } from '../cache/read-cache';
import { accountDisabled } from './account-status';
import type { Auth } from './auth';

/** Who is calling, as route handlers see it after a guard. */
export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  status: UserStatus;
  firstName: string;
  lastName: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

/**
 * The session's user, from the read cache when this cookie was looked up moments ago (a lookup is
 * a few milliseconds of better-auth and two queries; decision 008). Only sessions are cached,
 * never their absence, so made-up cookies cannot fill the cache.
 */
export async function readSessionUser(
  auth: Auth,
  portal: Portal,
  request: FastifyRequest,
  cache?: ReadCache,
): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  if (!cache || !cookie) return lookUpSessionUser(auth, portal, request);
  return cache.through(
    `session:${portal}:${cookie}`,
    () => lookUpSessionUser(auth, portal, request),
    (user) => user?.id ?? null,
    (user) => user !== null,
  );
}

/**
 * The session's user when the session was created for `portal`. Both portals' cookies are signed
 * with the same secret, so a token can be presented under the other portal's cookie name: the
 * session's own record of its portal, not the cookie's name, decides (decision 017).
 */
async function lookUpSessionUser(
  auth: Auth,
  portal: Portal,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  if ((result.session as { portal?: string }).portal !== portal) return null;
  const u = result.user as unknown as SessionUser;
  return {
    id: u.id,
    email: u.email,
    role: u.role,
    status: u.status,
    firstName: u.firstName,
    lastName: u.lastName,
  };
}

/**
 * Who a guard lets in: `candidate`, any signed-in, active user of the candidate app; `admin`, the
 * admin portal's own session with role admin; `staff`, the admin portal's session of an
 * administrator or a coach (decision 046: a coach's routes then narrow what they read to their
 * cohorts' candidates).
 */
export type GuardName = 'candidate' | 'admin' | 'staff';

/**
 * The guard of a route folder, attached as an `onRequest` hook (before the body is parsed and
 * validated, so an anonymous caller gets 401 whatever it sends). A deactivated account's session
 * gets 403 ACCOUNT_DISABLED (platform/auth/account-status.ts); a candidate, or a coach on an
 * administrator's route, gets 403.
 */
export function requireRole(
  guard: GuardName,
  auths: { candidate: Auth; admin: Auth },
  cache?: ReadCache,
) {
  const portal: Portal = guard === 'candidate' ? 'candidate' : 'admin';
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await readSessionUser(auths[portal], portal, request, cache);
    if (!user) {
      // A signed-in candidate knocking on an admin route is refused (403), not asked to sign in.
      if (
        portal === 'admin' &&
        (await readSessionUser(auths.candidate, 'candidate', request, cache))
      ) {
        throw forbidden('Access denied. Admin privileges required.');
      }
      throw unauthorized();
    }
    if (user.status !== 'active') throw accountDisabled();
    if (guard === 'admin' && user.role !== 'admin') {
      throw forbidden('Access denied. Admin privileges required.');
    }
    if (guard === 'staff' && !isStaffRole(user.role)) {
      throw forbidden('Access denied. Admin privileges required.');
    }
    request.sessionUser = user;
  };
}
