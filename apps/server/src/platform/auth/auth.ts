import {
  ACCOUNT_DISABLED,
  DEFAULT_EXPERIENCE_LEVEL,
  DEFAULT_PATIENCE,
  LIMITS,
  experienceLevelSchema,
  isStaffRole,
  profileSchema,
  type Portal,
} from '@candor/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import { publicUrl } from '../../config';
import type { Db } from '../../db/client';
import { schema, user as userTable } from '../../db/schema';
import type { Mailer } from '../mail/mailer';
import type { OriginPolicy } from '../http/same-origin';
import { splitDisplayName } from './display-name';
import { checkProfileWrite, validateAuthRequests } from './validation';

/** How passwords are hashed and checked: better-auth's scrypt unless a caller brings its own. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface AuthDeps {
  db: Db;
  config: Config;
  secret: string;
  mailer: Mailer;
  origins: OriginPolicy;
  /**
   * Production leaves this unset (better-auth's scrypt, deliberately slow). The test harness
   * passes a cheap one: a thousand sign-ups at production cost were minutes of every test run.
   */
  passwordHashing?: PasswordHashing;
  /**
   * Called once an account is created and committed (e-mail sign-up, Google, GitHub, single
   * sign-on): cohorts join new candidates by their e-mail domain. Must not throw.
   */
  onAccountCreated?: (account: {
    id: string;
    email: string;
    role?: string;
    emailVerified?: boolean;
  }) => Promise<void>;
}

/** The header our Fastify route sets from `request.ip`; anything a client sends under it is dropped. */
export const CLIENT_IP_HEADER = 'x-candor-client-ip';

export const ADMIN_ONLY_MESSAGE = 'Access denied. Admin privileges required.';

/**
 * Profile fields better-auth stores on `user` beside its own. Those a client may send (sign-up,
 * update-user) carry the shared profile schema's rule, so no better-auth endpoint stores a value
 * the profile form would refuse (validation.ts answers the same with a 400 naming the field first).
 */
const userFields = {
  firstName: {
    type: 'string',
    required: false,
    defaultValue: '',
    input: true,
    validator: { input: profileSchema.shape.firstName },
  },
  lastName: {
    type: 'string',
    required: false,
    defaultValue: '',
    input: true,
    validator: { input: profileSchema.shape.lastName },
  },
  experienceLevel: {
    type: 'string',
    required: false,
    defaultValue: DEFAULT_EXPERIENCE_LEVEL,
    input: true,
    validator: { input: experienceLevelSchema },
  },
  role: { type: 'string', required: false, defaultValue: 'candidate', input: false },
  status: { type: 'string', required: false, defaultValue: 'active', input: false },
  theme: { type: 'string', required: false, defaultValue: 'system', input: false },
  patience: { type: 'string', required: false, defaultValue: DEFAULT_PATIENCE, input: false },
} as const;

/** The portal a session was created for (sessions.portal): only that portal's cookie opens it. */
const sessionFields = {
  portal: { type: 'string', required: false, defaultValue: 'candidate', input: false },
} as const;

export function oidcConfigured(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
}

/**
 * Two better-auth instances over the same tables: the candidate app's (`/api/auth`, cookie prefix
 * `candor`) and the admin portal's (`/api/admin-auth`, cookie prefix `candor-admin`), so the
 * portal keeps its own sign-in state and a candidate session never opens it
 * (docs/decisions/001-auth-two-portals.md).
 */
export function createAuth(deps: AuthDeps, portal: Portal = 'candidate') {
  const { config } = deps;
  const baseURL = publicUrl(config);
  const withName = (v: string | undefined) => (v ? v : undefined);

  return betterAuth({
    appName: 'Candor',
    baseURL,
    basePath: portal === 'admin' ? '/api/admin-auth' : '/api/auth',
    secret: deps.secret,
    // PUBLIC_URL, or (without it) the loopback aliases and printed addresses: plugins/same-origin.
    trustedOrigins: () => deps.origins.list(),
    database: drizzleAdapter(deps.db, { provider: 'pg', schema }),
    user: { additionalFields: userFields },
    session: { additionalFields: sessionFields },
    emailAndPassword: {
      enabled: true,
      disableSignUp: portal === 'admin',
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      ...(deps.passwordHashing ? { password: deps.passwordHashing } : {}),
      // Password change and reset end every other session of the account.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await deps.mailer
          .send({
            to: user.email,
            subject: 'Reset your Candor password',
            text: `Someone asked to reset the password of your Candor account.\n\nOpen this link to choose a new password (valid for one hour):\n${url}\n\nIf it was not you, ignore this e-mail.`,
          })
          // The mailer logged the failure; the answer stays the one an unknown e-mail gets, so a
          // broken mail server never tells a visitor which addresses have accounts.
          .catch(() => undefined);
      },
    },
    socialProviders:
      portal === 'candidate'
        ? {
            ...(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
              ? {
                  google: {
                    clientId: config.GOOGLE_CLIENT_ID,
                    clientSecret: config.GOOGLE_CLIENT_SECRET,
                  },
                }
              : {}),
            ...(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET
              ? {
                  github: {
                    clientId: config.GITHUB_CLIENT_ID,
                    clientSecret: config.GITHUB_CLIENT_SECRET,
                  },
                }
              : {}),
          }
        : {},
    plugins:
      portal === 'candidate' && oidcConfigured(config)
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'oidc',
                  discoveryUrl: `${config.OIDC_ISSUER!.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: config.OIDC_CLIENT_ID!,
                  clientSecret: config.OIDC_CLIENT_SECRET!,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : [],
    // The doors (sign-in, sign-up, password reset) are counted by our own throttle, which can
    // tell a wrong password from a success and an account from an address (sign-in-limits.ts);
    // better-auth's limiter, keyed by address and path alone, keeps watch over every other path.
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        // Every open page asks it (web/lib/session.ts): a lab behind one address would hit the
        // per-address allowance, and it reads nothing a cookie does not already open.
        '/get-session': false,
        '/sign-in/*': false,
        '/sign-up/email': false,
        '/request-password-reset': false,
        '/reset-password': false,
        '/reset-password/*': false,
      },
    },
    hooks: {
      // The shared schemas' rules on sign-up, sign-in, password reset and profile updates; 400
      // names the field. A deactivated account's session is refused here too (403
      // ACCOUNT_DISABLED), and so is a session used at the other portal's endpoints.
      before: validateAuthRequests(`${baseURL}/reset-password`, deps.db, portal),
    },
    databaseHooks: {
      user: {
        update: {
          // Whatever better-auth writes to a user passes the profile rules: a last resort behind
          // the request checks, for endpoints or plugins that reach `user` another way.
          before: async (data) => {
            checkProfileWrite(data as Record<string, unknown>);
          },
        },
        create: {
          // Social and OIDC sign-ups bring only a display name: split and clean it (the name
          // rule), default to DEFAULT_EXPERIENCE_LEVEL. E-mail sign-ups were checked by the `before` hook.
          before: async (user) => {
            const u = user as typeof user & {
              firstName?: string;
              lastName?: string;
              experienceLevel?: string;
            };
            const names = withName(u.firstName)
              ? { firstName: u.firstName!, lastName: u.lastName ?? '' }
              : splitDisplayName(u.name);
            return {
              data: {
                ...u,
                ...names,
                name: `${names.firstName} ${names.lastName}`.trim(),
                experienceLevel: u.experienceLevel || DEFAULT_EXPERIENCE_LEVEL,
                role: 'candidate',
                status: 'active',
              },
            };
          },
          // better-auth runs this after the sign-up's transaction commits.
          after: async (created) => {
            const account = created as {
              id: string;
              email: string;
              role?: string;
              emailVerified?: boolean;
            };
            await deps.onAccountCreated?.(account);
          },
        },
      },
      session: {
        create: {
          // No session for a disabled account, nor an admin-portal session for a non-admin.
          before: async (session) => {
            const [row] = await deps.db
              .select({ role: userTable.role, status: userTable.status })
              .from(userTable)
              .where(eq(userTable.id, session.userId));
            if (!row || row.status !== 'active') {
              throw new APIError('FORBIDDEN', { ...ACCOUNT_DISABLED });
            }
            // The portal is for administrators and coaches (decision 046).
            if (portal === 'admin' && !isStaffRole(row.role)) {
              throw new APIError('FORBIDDEN', { message: ADMIN_ONLY_MESSAGE, code: 'ADMIN_ONLY' });
            }
            return { data: { ...session, portal } };
          },
        },
      },
    },
    // A failed Google/GitHub/OIDC sign-in lands back on the portal's own sign-in page with
    // ?error=CODE&error_description=text (relative: the host the provider's callback came to).
    onAPIError: { errorURL: portal === 'admin' ? '/admin/login' : '/login' },
    advanced: {
      cookiePrefix: portal === 'admin' ? 'candor-admin' : 'candor',
      useSecureCookies: baseURL.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips these under NODE_ENV=test; keep them on so tests run what production does
      // (Origin of cookie-bearing POSTs, and callback/redirect URLs limited to trusted origins).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      database: { generateId: () => crypto.randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
