import {
  ACCOUNT_DISABLED,
  experienceLevelSchema,
  forgotPasswordSchema,
  passwordSchema,
  personNameSchema,
  profileSchema,
  signInSchema,
  signUpRequestSchema,
  type Portal,
} from '@candor/shared';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { sessionAccount } from './account-status';

/** The reset-password request as the server checks it: the spec's password rules, not just 8+. */
export const resetPasswordRequestSchema = z.object({
  newPassword: passwordSchema,
  token: z.string().optional(),
});

/** A 400 shaped like the error handler's: the first field's message, and every field's. */
function validationError(error: z.ZodError): APIError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // A field that may not be sent at all is named too, not reported against the whole body.
    const paths = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.')];
    for (const path of paths) fields[path || 'body'] ??= issue.message;
  }
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
 * better-auth's own profile update (`/update-user`; the app saves the profile through
 * PUT /api/user/profile) takes only what the profile form takes, under the profile schema's rules:
 * the names, the experience level and the picture (better-auth's `image`, the profile's `avatar`).
 * Anything else, `name` included (it is always "first last", kept by us), is refused by name.
 */
const updateUserRequestSchema = z.strictObject(
  {
    firstName: profileSchema.shape.firstName.optional(),
    lastName: profileSchema.shape.lastName.optional(),
    experienceLevel: experienceLevelSchema.optional(),
    image: profileSchema.shape.avatar.nullable(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `${issue.keys.join(', ')} cannot be changed here`
        : undefined,
  },
);

/** The picture a sign-up may bring: the profile's avatar rule. */
const signUpImageSchema = z.object({ image: profileSchema.shape.avatar.nullable() });

/** A display name as better-auth keeps it: the two names, each under the name rule. */
const wholeNameSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
});

/**
 * The last check on anything better-auth writes to a user (databaseHooks.user.update): each
 * profile field present must pass the profile schema, and `name` changes only together with the
 * two names it is made of. Throws a 400 naming the field.
 */
export function checkProfileWrite(data: Record<string, unknown>): void {
  const present = (key: string) => data[key] !== undefined;
  if (present('experienceLevel')) parse(z.object({ experienceLevel: experienceLevelSchema }), data);
  if (present('image')) parse(signUpImageSchema, data);
  if (present('firstName') || present('lastName') || present('name')) {
    const names = parse(wholeNameSchema, data);
    if (present('name') && data.name !== `${names.firstName} ${names.lastName}`) {
      throw validationError(
        new z.ZodError([
          {
            code: 'custom',
            path: ['name'],
            message: 'name is made of firstName and lastName',
            input: data.name,
          },
        ]),
      );
    }
  }
}

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
export function validateAuthRequests(resetPasswordPage: string, db: Db, portal: Portal) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    // Over HTTP only: our own server-side session lookups (guards.ts) check the status themselves.
    const sessionAccountOfRequest = async () => {
      const token = await ctx.getSignedCookie(
        ctx.context.authCookies.sessionToken.name,
        ctx.context.secret,
      );
      return token ? await sessionAccount(db, token) : null;
    };
    let account: Awaited<ReturnType<typeof sessionAccount>> = null;
    if (ctx.request && !SIGN_IN_PATHS.test(ctx.path)) {
      account = await sessionAccountOfRequest();
      // The other portal's session under this portal's cookie name: as if there were none.
      if (account && account.portal !== portal) {
        throw new APIError('UNAUTHORIZED', { message: 'Not signed in', code: 'UNAUTHORIZED' });
      }
      if (account && account.status !== 'active') {
        throw new APIError('FORBIDDEN', { ...ACCOUNT_DISABLED });
      }
    }
    switch (ctx.path) {
      case '/sign-up/email': {
        const v = parse(signUpRequestSchema, body);
        if (body.image !== undefined) parse(signUpImageSchema, body);
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
        const changes: Record<string, unknown> = Object.fromEntries(
          Object.entries(v).filter(([, value]) => value !== undefined),
        );
        // A name changes the display name too: both halves, one from the stored row if need be.
        if (v.firstName !== undefined || v.lastName !== undefined) {
          account ??= await sessionAccountOfRequest();
          if (!account) return { context: { body: changes } };
          const [stored] = await db
            .select({ firstName: user.firstName, lastName: user.lastName })
            .from(user)
            .where(eq(user.id, account.userId));
          const firstName = v.firstName ?? stored?.firstName ?? '';
          const lastName = v.lastName ?? stored?.lastName ?? '';
          Object.assign(changes, { firstName, lastName, name: `${firstName} ${lastName}` });
        }
        return { context: { body: changes } };
      }
      default:
        return;
    }
  });
}
