import crypto from 'node:crypto';
import type { App } from '../app';
import { createAdmin } from '../platform/auth/first-admin';
import { cookiesFrom } from './harness';

export const ORIGIN = 'http://localhost:3000';
export const TEST_PASSWORD = 'Secret1!x';

let counter = 0;
export function uniqueEmail(prefix = 'candidate'): string {
  counter += 1;
  return `${prefix}-${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
}

export interface SignedIn {
  cookie: string;
  userId: string;
  email: string;
}

/** Cookie header value from a fetch response's set-cookie headers. */
function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A sign-up body that passes (a new e-mail, the test password, Ada Lovelace at mid level), `fields` on top. */
export function signUpBody(fields: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    experienceLevel: 'mid',
    ...fields,
  };
}

/** Posts a sign-up as the page does (from the app's origin unless told); the answer, whatever it is. */
export function postSignUp(
  app: App,
  body: object,
  options: { portal?: 'candidate' | 'admin'; origin?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: options.portal === 'admin' ? '/api/admin-auth/sign-up/email' : '/api/auth/sign-up/email',
    headers: { origin: options.origin ?? ORIGIN },
    payload: body,
  });
}

/**
 * Signs a new candidate up through the real endpoint and returns their session cookie: the one
 * sign-up of the server tests (an app of this process, through `inject`), the fault suite and
 * the benchmarks (a server at a base URL, over HTTP).
 */
export async function signUpCandidate(
  target: App | string,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    experienceLevel: string;
  }> = {},
): Promise<SignedIn> {
  const firstName = overrides.firstName ?? 'Ada';
  const lastName = overrides.lastName ?? 'Lovelace';
  const email =
    overrides.email ?? uniqueEmail(firstName.toLowerCase().replace(/[^a-z]/g, '') || 'candidate');
  const payload = {
    email,
    password: overrides.password ?? TEST_PASSWORD,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    experienceLevel: overrides.experienceLevel ?? 'mid',
  };
  if (typeof target === 'string') {
    const res = await fetch(`${target}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const body = (await res.json()) as { user?: { id: string } };
    if (res.status !== 200)
      throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
    return { cookie: cookieOf(res), userId: body.user!.id, email };
  }
  const res = await postSignUp(target, payload);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookiesFrom(res.headers['set-cookie']), userId: res.json().user.id, email };
}

export async function signIn(
  app: App,
  email: string,
  password: string,
  portal: 'candidate' | 'admin' = 'candidate',
) {
  return app.inject({
    method: 'POST',
    url: portal === 'admin' ? '/api/admin-auth/sign-in/email' : '/api/auth/sign-in/email',
    headers: { origin: ORIGIN },
    payload: { email, password },
  });
}

/** Signs the session of `cookie` out of its portal, as the page's Sign out does. */
export function signOut(app: App, cookie: string, portal: 'candidate' | 'admin' = 'candidate') {
  return app.inject({
    method: 'POST',
    url: portal === 'admin' ? '/api/admin-auth/sign-out' : '/api/auth/sign-out',
    headers: { cookie, origin: ORIGIN },
    payload: {},
  });
}

/** Creates an administrator and signs them in to the admin portal. */
export async function signInAdmin(app: App, email = uniqueEmail('admin')): Promise<SignedIn> {
  const { userId } = await createAdmin(app.deps, { email, password: TEST_PASSWORD });
  const res = await signIn(app, email, TEST_PASSWORD, 'admin');
  if (res.statusCode !== 200)
    throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookiesFrom(res.headers['set-cookie']), userId, email };
}

/**
 * A JSON request to the app as a signed-in user (or nobody: null), sent from the app's own origin.
 * `who` needs only the session's cookie.
 */
export function requestAs(
  app: App,
  method: string,
  url: string,
  who: Pick<SignedIn, 'cookie'> | null,
  payload?: unknown,
) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), origin: ORIGIN },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
