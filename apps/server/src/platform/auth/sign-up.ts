import { DEFAULT_PATIENCE } from '@candor/shared';
import type { Mailer } from '../mail/mailer';
import type { Auth } from './auth';
import type { Throttle } from './throttle';

/** better-auth's code when the e-mail of a sign-up already has an account. */
export const EXISTING_ACCOUNT_CODE = 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL';

/** One "someone tried to sign up with your address" e-mail per address per hour at most. */
const NOTICE_RULE = { limit: 1, windowSeconds: 3600 };

interface SignUpBody {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  experienceLevel: string;
}

/**
 * A sign-up's answer without its session token: the session is in the httpOnly cookie, and a body
 * with a token would differ between a new account and an existing one.
 */
export function withoutToken(body: { token?: unknown; user?: unknown }) {
  return { ...body, token: null };
}

/**
 * What a sign-up with an e-mail that already has an account answers: the 200 and the body a new
 * account gets (a user with a fresh id, the name and level just typed), without a session, so the
 * answer does not tell who has an account (decision 017). The password is hashed as a new
 * account's would be, so the answer takes about as long; the owner hears of it by e-mail.
 */
export async function answerExistingAccountSignUp(
  deps: { auth: Auth; mailer: Mailer; throttle: Throttle; signInUrl: string },
  body: SignUpBody,
) {
  const context = await deps.auth.$context;
  await context.password.hash(body.password);
  const notice = await deps.throttle.take(`sign-up-notice:${body.email}`, NOTICE_RULE);
  if (notice.allowed) {
    // Not awaited, as a new account's answer waits for no mail server; the mailer logs failures.
    deps.mailer
      .send({
        to: body.email,
        subject: 'Someone tried to sign up to Candor with your e-mail address',
        text: `Someone tried to create a Candor account with this e-mail address, which already has one.\n\nIf it was you, sign in instead: ${deps.signInUrl}\nForgot your password? Choose "Forgot password?" there to reset it.\n\nIf it was not you, you can ignore this e-mail: nothing about your account changed.`,
      })
      .catch(() => undefined);
  }
  const now = new Date().toISOString();
  return {
    token: null,
    user: {
      id: crypto.randomUUID(),
      email: body.email,
      name: `${body.firstName} ${body.lastName}`,
      image: null,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
      firstName: body.firstName,
      lastName: body.lastName,
      experienceLevel: body.experienceLevel,
      role: 'candidate',
      status: 'active',
      theme: 'system',
      patience: DEFAULT_PATIENCE,
    },
  };
}
