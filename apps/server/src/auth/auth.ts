import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Config } from '../config';
import { publicUrl } from '../config';
import type { Db } from '../db/client';
import { schema } from '../db/schema';
import type { Mailer } from '../mail/mailer';

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
}

/** Profile fields better-auth stores on `user` beside its own. */
const userFields = {
  firstName: { type: 'string', required: true, input: true },
  lastName: { type: 'string', required: true, input: true },
  experienceLevel: { type: 'string', required: false, defaultValue: 'mid', input: true },
  role: { type: 'string', required: false, defaultValue: 'candidate', input: false },
  status: { type: 'string', required: false, defaultValue: 'active', input: false },
  theme: { type: 'string', required: false, defaultValue: 'system', input: false },
} as const;

/**
 * Two better-auth instances over the same tables: the candidate app's (`/api/auth`, cookie prefix
 * `candor`) and the admin portal's (`/api/admin-auth`, cookie prefix `candor-admin`), so the
 * portal keeps its own sign-in state and a candidate session never opens it.
 */
export function createAuth(deps: AuthDeps, portal: 'candidate' | 'admin' = 'candidate') {
  const baseURL = publicUrl(deps.config);
  return betterAuth({
    appName: 'Candor',
    baseURL,
    basePath: portal === 'admin' ? '/api/admin-auth' : '/api/auth',
    secret: deps.secret,
    trustedOrigins: [baseURL],
    database: drizzleAdapter(deps.db, { provider: 'pg', schema }),
    user: { additionalFields: userFields },
    emailAndPassword: {
      enabled: true,
      disableSignUp: portal === 'admin',
      minPasswordLength: 8,
      sendResetPassword: async ({ user, url }) => {
        await deps.mailer.send({
          to: user.email,
          subject: 'Reset your Candor password',
          text: `Someone asked to reset the password of your Candor account.\n\nOpen this link to choose a new password (valid for one hour):\n${url}\n\nIf it was not you, ignore this e-mail.`,
        });
      },
    },
    advanced: {
      cookiePrefix: portal === 'admin' ? 'candor-admin' : 'candor',
      useSecureCookies: baseURL.startsWith('https://'),
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
