import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, worked out once at start-up. (@fastify/helmet rebuilt the whole middleware on
 * every request, about a tenth of a cached read's time; our policy has no per-request part such as
 * a nonce, so the headers never change.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The browser features our pages may use: the microphone, for the spoken interview, on our own
 * origin only; the camera, location, payments, device access and the like for nobody (no
 * embedded frame or injected script can ask for them).
 */
export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'display-capture=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'idle-detection=()',
  'screen-wake-lock=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/** Our pages' policy: scripts, styles, media and connections from our own origin; never framed. */
export const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // WebAssembly from our own origin: the in-page voice detector's runtime (decision 022).
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:', 'data:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Same-origin media (microphone) must stay allowed.
  crossOriginEmbedderPolicy: false,
};

export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions = SECURITY_HEADERS,
) {
  const headers = { ...securityHeaders(options), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
