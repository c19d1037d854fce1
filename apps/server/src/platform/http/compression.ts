import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Under this many bytes an answer goes as it is: the encoding's own framing and the time to
 * compress outweigh the few bytes saved (a session profile, a count).
 */
export const COMPRESS_FROM_BYTES = 1024;

/** JSON, text and JavaScript answers; audio, PDFs and images are compressed already or binary. */
const COMPRESSIBLE = /^(application\/(json|problem\+json|javascript)|text\/)/i;

/**
 * The sign-in portals' own answers (better-auth) stay plain: they carry session tokens beside
 * what the request sent (an e-mail address), the pairing a compression side channel (BREACH)
 * reads a secret from. They are small anyway.
 */
const NEVER = /^\/api\/(admin-)?auth\//;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer carries a secret minted for this request (a share link's or an invite's token),
     * beside what the request sent: it is sent plain, for the reason better-auth's are.
     */
    secretInAnswer?: boolean;
  }
}

export type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in from an Accept-Encoding header: Brotli when allowed (about a fifth
 * smaller than gzip on JSON), else gzip, else none. `q=0` refuses an encoding; `*` allows any
 * not named.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const allowed = (encoding: Encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

function addVary(current: unknown, field: string): string {
  const fields = String(current ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) {
    return fields.join(', ');
  }
  return [...fields, field].join(', ');
}

function plainOnly(request: FastifyRequest, statusCode: number): boolean {
  return (
    NEVER.test(request.url) ||
    request.routeOptions.config?.secretInAnswer === true ||
    // A range asks for bytes of the plain file (recordings); an empty answer has nothing to shrink.
    request.headers.range !== undefined ||
    statusCode === 204 ||
    statusCode === 206 ||
    statusCode === 304
  );
}

/**
 * API answers compressed when the client allows it (a report's JSON: 27 KB plain, about 5 KB
 * compressed, ~110 ms less at 1.6 Mbit/s on a phone's first paint). Only whole answers Fastify
 * holds in memory: a stream (the built app's files, already compressed at build time by
 * apps/web/scripts/compress.mjs; server-sent events; recordings) passes untouched, and the live
 * channel's WebSocket frames never pass through here. Brotli at quality 5: near quality 11's size
 * on JSON for a few per cent of its time, per request.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (plainOnly(request, reply.statusCode)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < COMPRESS_FROM_BYTES) return payload;
    // The answer differs by the request's Accept-Encoding from here on: caches must know.
    reply.header('vary', addVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzip(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}
