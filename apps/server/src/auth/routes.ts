import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { CLIENT_IP_HEADER, type Auth } from './auth';

export const RATE_LIMIT_MESSAGE = 'Too many sign-in attempts. Please wait a minute and try again.';

/** Hands a Fastify request to a better-auth instance and copies its Response back. */
async function forward(auth: Auth, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // better-auth keys its rate limits on this; Fastify's request.ip honours TRUST_PROXY, and a
  // client-sent header of the same name is overwritten here.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
  if (response.status === 429) {
    return reply
      .status(429)
      .header('retry-after', response.headers.get('x-retry-after') ?? '60')
      .send({ statusCode: 429, error: 'Too Many Requests', message: RATE_LIMIT_MESSAGE });
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

/** Catch-all routes for both better-auth instances. Product routes under them are static and win. */
export function registerAuthHandlers(
  app: FastifyInstance,
  auths: { candidate: Auth; admin: Auth },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    handler: (request, reply) => forward(auths.candidate, request, reply),
  });
  app.route({
    method: ['GET', 'POST'],
    url: '/api/admin-auth/*',
    handler: (request, reply) => forward(auths.admin, request, reply),
  });
}
