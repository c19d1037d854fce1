import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role, UserStatus } from '@candor/shared';
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
  request: FastifyRequest,
  cache?: { store: ReadCache; portal: string },
): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  if (!cache || !cookie) return lookUpSessionUser(auth, request);
  return cache.store.through(
    `session:${cache.portal}:${cookie}`,
    () => lookUpSessionUser(auth, request),
    (user) => user?.id ?? null,
    (user) => user !== null,
  );
}

async function lookUpSessionUser(auth: Auth, request: FastifyRequest): Promise<SessionUser | null> {
  const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
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
 * The guard of a route folder, attached as an `onRequest` hook (before the body is parsed and
 * validated, so an anonymous caller gets 401 whatever it sends): the candidate app's session for
 * `candidate` (any signed-in, active user), the admin portal's own session with role admin for
 * `admin`. A deactivated
 * account's session gets 403 ACCOUNT_DISABLED (auth/account-status.ts).
 */
export function requireRole(
  role: Role,
  auths: { candidate: Auth; admin: Auth },
  cache?: ReadCache,
) {
  const via = (portal: Role) => (cache ? { store: cache, portal } : undefined);
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await readSessionUser(
      role === 'admin' ? auths.admin : auths.candidate,
      request,
      via(role),
    );
    if (!user) {
      // A signed-in candidate knocking on an admin route is refused (403), not asked to sign in.
      if (role === 'admin' && (await readSessionUser(auths.candidate, request, via('candidate')))) {
        throw forbidden('Access denied. Admin privileges required.');
      }
      throw unauthorized();
    }
    if (user.status !== 'active') throw accountDisabled();
    if (role === 'admin' && user.role !== 'admin') {
      throw forbidden('Access denied. Admin privileges required.');
    }
    request.sessionUser = user;
  };
}
