import { RATE_LIMITED, signUpRequestSchema, waitText, type Portal } from '@candor/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { publicUrl } from '../../config';
import type { Mailer } from '../mail/mailer';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import {
  admit,
  doorOf,
  refusalMessage,
  requestedEmail,
  signInLimits,
  type SignInLimits,
} from './sign-in-limits';
import { answerExistingAccountSignUp, EXISTING_ACCOUNT_CODE, withoutToken } from './sign-up';
import { createThrottle, type Throttle } from './throttle';

interface Doors {
  throttle: Throttle;
  limits: SignInLimits;
  mailer: Mailer;
  signInUrl: string;
}

function tooManyRequests(reply: FastifyReply, message: string, retryAfterSeconds: number) {
  return reply.status(429).header('retry-after', String(retryAfterSeconds)).send({
    statusCode: 429,
    error: 'Too Many Requests',
    message,
    code: RATE_LIMITED,
    retryAfterSeconds,
  });
}

/** Hands a Fastify request to a better-auth instance and copies its Response back. */
async function forward(
  auth: Auth,
  portal: Portal,
  doors: Doors,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const basePath = portal === 'admin' ? '/api/admin-auth' : '/api/auth';
  const path = url.pathname.slice(basePath.length);
  const door = doorOf(path);
  const admission = door
    ? await admit(doors.throttle, doors.limits, {
        portal,
        door,
        ip: request.ip,
        email: requestedEmail(request.body),
      })
    : null;
  if (door && admission?.refused) {
    const { refused } = admission;
    return tooManyRequests(reply, refusalMessage(door, refused), refused.retryAfterSeconds);
  }

  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // better-auth records this as the session's address and keys its own rate limits (the paths
  // other than the doors) on it; Fastify's request.ip honours TRUST_PROXY, and a client-sent
  // header of the same name is overwritten here.
  headers.set(CLIENT_IP_HEADER, request.ip);
  let response: Response | undefined;
  try {
    response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
  } finally {
    // A sign-in that never got an answer was not a wrong password either.
    await admission?.settle(response?.status ?? 500);
  }

  if (response.status === 429) {
    const seconds = Math.max(1, Number(response.headers.get('x-retry-after')) || 60);
    return tooManyRequests(
      reply,
      `Too many requests. Please wait ${waitText(seconds)} and try again.`,
      seconds,
    );
  }
  if (path === '/sign-up/email' && portal === 'candidate') {
    const answer = await signUpAnswer(auth, doors, request, response);
    if (answer) return answer(reply);
  }
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key.toLowerCase() === 'set-cookie') return;
    reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}

/**
 * A sign-up answers alike whether or not the e-mail already had an account (200, the same body
 * without a token); only a new account gets a session cookie. Null leaves the answer as it is.
 */
async function signUpAnswer(
  auth: Auth,
  doors: Doors,
  request: FastifyRequest,
  response: Response,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  if (response.status !== 200 && response.status !== 422) return null;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as Record<string, unknown> | null;
  if (!body) return null;
  if (response.status === 200) {
    return (reply) => {
      reply.status(200);
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.send(withoutToken(body));
    };
  }
  if (body.code !== EXISTING_ACCOUNT_CODE) return null;
  // The before hook accepted this form, so it parses; the answer carries the values as cleaned.
  const form = signUpRequestSchema.safeParse(request.body);
  if (!form.success) return null;
  const answer = await answerExistingAccountSignUp({ auth, ...doors }, form.data);
  return (reply) => reply.status(200).send(answer);
}

/** Catch-all routes for both better-auth instances. Product routes under them are static and win. */
export function registerAuthHandlers(
  app: FastifyInstance,
  auths: { candidate: Auth; admin: Auth },
) {
  const { db, config, mailer } = app.deps;
  const doors: Doors = {
    throttle: createThrottle(db),
    limits: signInLimits(config),
    mailer,
    signInUrl: `${publicUrl(config)}/login`,
  };
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: (request, reply) => forward(auths.candidate, 'candidate', doors, request, reply),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/api/admin-auth/*',
    handler: (request, reply) => forward(auths.admin, 'admin', doors, request, reply),
  });
}
