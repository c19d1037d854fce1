import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { trustedOrigins, type Config } from '../../config';
import { forbidden } from '../errors';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** Which browser origins may change state: our check, better-auth's and the live channel's. */
export interface OriginPolicy {
  /** The trusted origins (scheme, host and port), for better-auth's `trustedOrigins`. */
  list(): string[];
  trusts(origin: string | undefined): boolean;
}

/**
 * The trusted origins of config.ts's `trustedOrigins`, for the port actually listened on: with
 * PORT=0 it is known only once the server listens, so the list is fixed from then on (before,
 * e.g. under `app.inject`, PORT is used).
 */
export function createOriginPolicy(
  config: Config,
  address: () => AddressInfo | string | null,
): OriginPolicy {
  let fixed: Set<string> | undefined;
  const current = (): Set<string> => {
    if (fixed) return fixed;
    const bound = address();
    const listening = typeof bound === 'object' && bound !== null;
    const origins = new Set(trustedOrigins(config, listening ? bound.port : config.PORT));
    if (listening || config.PORT !== 0) fixed = origins;
    return origins;
  };
  return {
    list: () => [...current()],
    trusts: (origin) => Boolean(origin) && current().has(origin!),
  };
}

/**
 * Refuses state-changing requests sent by another site (cross-site form posts and fetches): the
 * browser's Origin header must be a trusted one; without it, Sec-Fetch-Site must not say
 * cross-site. SameSite=Lax cookies already keep sessions out of most of these; this closes the rest.
 */
export function registerSameOriginCheck(app: FastifyInstance, policy: OriginPolicy) {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (origin && origin !== 'null' && policy.trusts(origin)) return;
    if (origin || request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden(CROSS_SITE_MESSAGE, 'CROSS_SITE');
    }
  });
}
