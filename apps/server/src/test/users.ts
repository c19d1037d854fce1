import crypto from 'node:crypto';
import type { App } from '../app';
import { createAdmin } from '../auth/first-admin';
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

/** Signs a new candidate up through the real endpoint and returns their session cookie. */
export async function signUpCandidate(
  app: App,
  overrides: Partial<{
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    experienceLevel: string;
  }> = {},
): Promise<SignedIn> {
  const email = overrides.email ?? uniqueEmail();
  const firstName = overrides.firstName ?? 'Ada';
  const lastName = overrides.lastName ?? 'Lovelace';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: {
      email,
      password: overrides.password ?? TEST_PASSWORD,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      experienceLevel: overrides.experienceLevel ?? 'mid',
    },
  });
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

/** Creates an administrator and signs them in to the admin portal. */
export async function signInAdmin(app: App, email = uniqueEmail('admin')): Promise<SignedIn> {
  const { userId } = await createAdmin(app.deps, { email, password: TEST_PASSWORD });
  const res = await signIn(app, email, TEST_PASSWORD, 'admin');
  if (res.statusCode !== 200)
    throw new Error(`admin sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookiesFrom(res.headers['set-cookie']), userId, email };
}
