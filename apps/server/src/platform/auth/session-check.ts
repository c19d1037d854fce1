import type { Portal } from '@candor/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { CLIENT_IP_HEADER, type Auth } from './auth';

/** What better-auth's session check (`<portal>/get-session`) answered, for our own routes. */
export interface SessionCheck {
  /** The signed-in user's id; null for a visitor or another portal's session. */
  userId: string | null;
  /** The cookies better-auth set (a session nearing its end is extended and its cookie renewed). */
  cookies: string[];
  /** 403 ACCOUNT_DISABLED for a deactivated account's session, as get-session answers it. */
  refused: { status: number; body: unknown } | null;
}

/**
 * better-auth's own get-session, asked in-process with the request's cookies, so everything it
 * does over HTTP happens the same way: the before hook's checks (another portal's session, a
 * deactivated account) and the renewal of a session's cookie.
 */
export async function checkSession(
  auth: Auth,
  portal: Portal,
  request: FastifyRequest,
): Promise<SessionCheck> {
  const basePath = portal === 'admin' ? '/api/admin-auth' : '/api/auth';
  const headers = fromNodeHeaders(request.headers);
  headers.set(CLIENT_IP_HEADER, request.ip);
  const response = await auth.handler(
    new Request(
      new URL(`${basePath}/get-session`, `http://${request.headers.host ?? 'localhost'}`),
      {
        headers,
      },
    ),
  );
  const cookies = response.headers.getSetCookie();
  const body = (await response.json().catch(() => null)) as {
    user?: { id?: unknown };
  } | null;
  if (response.status === 403) return { userId: null, cookies, refused: { status: 403, body } };
  // 401 is another portal's session under this portal's cookie name: nobody, here.
  const id = response.ok ? body?.user?.id : undefined;
  return { userId: typeof id === 'string' ? id : null, cookies, refused: null };
}
