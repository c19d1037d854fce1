import {
  forgotPasswordSchema,
  passwordSchema,
  signInSchema,
  signUpRequestSchema,
} from '@candor/shared';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';

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

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/**
 * better-auth's `hooks.before`: the shared schemas' rules on the endpoints a client posts forms to,
 * before better-auth sees the body, so a bad field is a 400 that names it with the spec's message.
 * `resetPasswordPage` is where a reset e-mail's link lands when the client did not say.
 */
export function validateAuthRequests(resetPasswordPage: string) {
  return createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as Record<string, unknown>;
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
      default:
        return;
    }
  });
}
