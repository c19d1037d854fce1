import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { Auth } from './auth';

/** Hands a Fastify request to a better-auth instance and copies its Response back. */
async function forward(auth: Auth, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const hasBody =
    request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const response = await auth.handler(
    new Request(url, {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      body: hasBody ? JSON.stringify(request.body) : undefined,
    }),
  );
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

/** Catch-all routes for both better-auth instances. Product routes under them are registered first. */
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
