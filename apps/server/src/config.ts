import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const boolFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * Every environment variable the server reads, with its default. The README's configuration table
 * mirrors this schema; `Config` is inferred from it, never written twice.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Public origin of the app, used for links in e-mails and OAuth callbacks; when set, the only
     * origin trusted for state-changing requests (see trustedOrigins).
     */
    PUBLIC_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http:// or https:// URL' })
        .optional(),
    ),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
        .optional(),
    ),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Secret for signing sessions; generated and kept under DATA_DIR when unset. */
    AUTH_SECRET: optionalString.pipe(
      z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    ),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Candor <no-reply@localhost>'),
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    OIDC_ISSUER: optionalString,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_NAME: z.string().default('Single sign-on'),
    /** The first administrator, created (or promoted) at start; set both or neither. */
    ADMIN_EMAIL: optionalString.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(128).optional(),
    ),
    AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
    AI_BASE_URL: optionalString,
    AI_API_KEY: optionalString,
    AI_MODEL: z.string().default('gpt-4o-mini'),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    /** How long a cached hot read or session lookup may live (0 turns the cache off; decision 008). */
    READ_CACHE_TTL_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
    READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(100).default(20_000),
    // --- Connections: slow and idle clients (issue 12) ------------------------------------
    /** The whole request, headers and body, must arrive within this long (else 408 and closed). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** An idle keep-alive connection closes after this long; keep it above a proxy's idle timeout. */
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
    /** Open connections per process (HTTP and live sockets); more are refused at once. */
    MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
    /** Serve the build's source maps (*.map) too: for debugging only, they show the source. */
    SERVE_SOURCE_MAPS: boolFlag.default(false),
    // ---------------------------------------------------------------------------------------
    /** Sign-in attempts allowed per window per client before 429. */
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    SIGN_IN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
    SEED_DEMO: boolFlag.default(true),
    /** Serve the built SPA from apps/web/dist. */
    SERVE_WEB: boolFlag.default(true),
    TRUST_PROXY: boolFlag.default(false),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (c.AI_PROVIDER === 'openai' && !c.AI_BASE_URL && !c.AI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_API_KEY'],
        message: 'AI_PROVIDER=openai needs AI_API_KEY (or AI_BASE_URL for a local server)',
      });
    }
  });

export type Config = z.output<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}

export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);
/** The Vite dev server (`npm run dev`), which proxies /api to this server. */
const DEV_WEB_PORT = 5173;

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** An address as it appears in a URL's host: IPv6 in brackets. */
function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * The origins a browser may send state-changing requests (and open the live channel) from.
 * With PUBLIC_URL: that origin only. Without it: every loopback alias on the server's port
 * (localhost, 127.0.0.1, [::1]) and the addresses the server prints when it starts listening
 * (HOST itself, or every interface address when HOST is 0.0.0.0 or ::), so opening the app at
 * http://127.0.0.1:3000 or at the LAN address from the log works. In development the Vite dev
 * server's loopback origins are trusted too. `port` is the port actually listened on (PORT may
 * be 0).
 */
export function trustedOrigins(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'HOST' | 'NODE_ENV'>,
  port: number = config.PORT,
  interfaces: Interfaces = os.networkInterfaces(),
): string[] {
  const dev =
    config.NODE_ENV === 'development'
      ? LOOPBACK_HOSTS.map((host) => `http://${host}:${DEV_WEB_PORT}`)
      : [];
  if (config.PUBLIC_URL) return [new URL(config.PUBLIC_URL).origin, ...dev];

  const hosts = new Set(LOOPBACK_HOSTS);
  const listenHost = config.HOST.trim();
  if (WILDCARD_HOSTS.has(listenHost)) {
    // Fastify prints each IPv4 interface address for 0.0.0.0; '::' also takes IPv6 connections.
    const families = listenHost === '0.0.0.0' ? ['IPv4'] : ['IPv4', 'IPv6'];
    for (const entries of Object.values(interfaces)) {
      for (const entry of entries ?? []) {
        // Link-local IPv6 needs a zone id, which no browser origin carries.
        if (!families.includes(entry.family) || entry.address.startsWith('fe80:')) continue;
        hosts.add(urlHost(entry.address));
      }
    }
  } else {
    hosts.add(urlHost(listenHost.replace(/^\[|\]$/g, '')));
  }
  const origins = [...hosts].map((host) => new URL(`http://${host}:${port}`).origin);
  return [...new Set([...origins, ...dev])];
}
