import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Role, UserStatus } from '@candor/shared';
import { forbidden, unauthorized } from '../errors';
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

export async function readSessionUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser | null> {
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
 * A preHandler for a route folder: the candidate app's session for `candidate` (any signed-in,
 * active user), the admin portal's own session with role admin for `admin`.
 */
export function requireRole(role: Role, auths: { candidate: Auth; admin: Auth }) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const user = await readSessionUser(role === 'admin' ? auths.admin : auths.candidate, request);
    if (!user) {
      // A signed-in candidate knocking on an admin route is refused (403), not asked to sign in.
      if (role === 'admin' && (await readSessionUser(auths.candidate, request))) {
        throw forbidden('Access denied. Admin privileges required.');
      }
      throw unauthorized();
    }
    if (user.status !== 'active') throw forbidden('This account has been disabled');
    if (role === 'admin' && user.role !== 'admin') {
      throw forbidden('Access denied. Admin privileges required.');
    }
    request.sessionUser = user;
  };
}
