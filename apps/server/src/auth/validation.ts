import {
  ACCOUNT_DISABLED,
  experienceLevelSchema,
  forgotPasswordSchema,
  passwordSchema,
  personNameSchema,
  signInSchema,
  signUpRequestSchema,
} from '@candor/shared';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import type { Db } from '../db/client';
import { sessionAccount } from './account-status';

/** The reset-password request as the server checks it: the spec's password rules, not just 8+. */
const resetPasswordRequestSchema = z.object({
  newPassword: passwordSchema,
  token: z.string().optional(),
});

/** A 400 shaped like the error handler's: the first field's message, and every field's. */
function validationError(error: z.ZodError): APIError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  const [field, message] = Object.entries(fields)[0]!;
  return new APIError('BAD_REQUEST', {
    statusCode: 400,
    error: 'Bad Request',
    message,
    code: 'VALIDATION_ERROR',
    field,
    fields,
  });
}

/**
 * better-auth's own profile update accepts our name fields too (they are `input` fields): the same
 * rules as everywhere else. The app itself saves the profile through PUT /api/user/profile.
 */
const updateUserRequestSchema = z.object({
  firstName: personNameSchema('First name').optional(),
  lastName: personNameSchema('Last name').optional(),
  experienceLevel: experienceLevelSchema.optional(),
});

/**
 * Paths that start or end a sign-in rather than use a session: no account check there (sign-out
 * is how the app drops a deactivated account's session).
 */
const SIGN_IN_PATHS =
  /^\/(sign-in|sign-up|sign-out|callback|oauth2\/callback|request-password-reset|reset-password|verify-email|error|ok)(\/|$)/;

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * better-auth's `hooks.before`: the shared schemas' rules on the endpoints a client posts forms to,
 * before better-auth sees the body, so a bad field is a 400 that names it with the spec's message.
 * `resetPasswordPage` is where a reset e-mail's link lands when the client did not say. Every other
 * endpoint used with the session of a deactivated account (get-session, update-user, …) is refused
 * with 403 ACCOUNT_DISABLED, as the product's routes do (guards.ts).
 */
export function validateAuthRequests(resetPasswordPage: string, db: Db) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    // Over HTTP only: our own server-side session lookups (guards.ts) check the status themselves.
    if (ctx.request && !SIGN_IN_PATHS.test(ctx.path)) {
      const token = await ctx.getSignedCookie(
        ctx.context.authCookies.sessionToken.name,
        ctx.context.secret,
      );
      const account = token ? await sessionAccount(db, token) : null;
      if (account && account.status !== 'active') {
        throw new APIError('FORBIDDEN', { ...ACCOUNT_DISABLED });
      }
    }
    switch (ctx.path) {
      case '/sign-up/email': {
        const v = parse(signUpRequestSchema, body);
        return {
          context: {
            body: {
              ...body,
              email: v.email,
              firstName: v.firstName,
              lastName: v.lastName,
              experienceLevel: v.experienceLevel,
              name: `${v.firstName} ${v.lastName}`,
            },
          },
        };
      }
      case '/sign-in/email': {
        const v = parse(signInSchema, body);
        return { context: { body: { ...body, email: v.email } } };
      }
      case '/request-password-reset': {
        const v = parse(forgotPasswordSchema, body);
        const redirectTo =
          typeof body.redirectTo === 'string' && body.redirectTo ? body.redirectTo : undefined;
        return {
          context: {
            body: { ...body, email: v.email, redirectTo: redirectTo ?? resetPasswordPage },
          },
        };
      }
      case '/reset-password': {
        parse(resetPasswordRequestSchema, body);
        return;
      }
      case '/update-user': {
        const v = parse(updateUserRequestSchema, body);
        const names = Object.fromEntries(
          Object.entries(v).filter(([, value]) => value !== undefined),
        );
        return { context: { body: { ...body, ...names } } };
      }
      default:
        return;
    }
  });
}
