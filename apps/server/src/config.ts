import net from 'node:net';
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

/** true, false, or unset (undefined: the default is worked out from other settings). */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

/** A whole number, or unset (an empty value too) for a default worked out elsewhere. */
const optionalCount = optionalString
  .transform((v) => (v === undefined ? undefined : Number(v)))
  .pipe(z.number({ error: 'must be a whole number' }).int().min(1).optional());

/**
 * Whom to believe about the client's address. `false`: nobody, the connection's own address is the
 * client. `{ hops }`: that many reverse proxies stand in front, each appending the address it saw
 * to X-Forwarded-For; the client is the entry that many from the right (safe only when the server
 * cannot be reached except through them). `{ addresses }`: the proxies' addresses or ranges; the
 * client is the first entry from the right that is not one of them.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for the loopback, link-local and private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; a whole number is a hop count; `true` is one
 * hop (it used to trust every hop, which let a client choose its own address); otherwise a comma
 * list of addresses, CIDR ranges or `loopback` / `linklocal` / `uniquelocal`. Returns the error
 * message for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return { hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 20 ? { hops } : 'TRUST_PROXY hop count must be at most 20';
  }
  const entries = v.split(',').map((e) => e.trim().toLowerCase());
  const bad = entries.filter((e) => !isAddressOrRange(e));
  if (bad.length > 0) {
    return `TRUST_PROXY must be false, a hop count (1, 2, …) or proxy addresses/CIDR ranges separated by commas; not an address: ${bad.map((b) => JSON.stringify(b)).join(', ')}`;
  }
  return { addresses: entries };
}

/**
 * Fastify's `trustProxy` for the setting. A hop count becomes a function: Fastify ignores a bare
 * number (it cannot check the nearest peer), but a deployment that names its proxy count asked
 * for exactly that.
 */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ('hops' in trust) {
    const { hops } = trust;
    return (_address, hop) => hop < hops;
  }
  return trust.addresses;
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** One LTI platform registration: what its administrator gives the tool's (decision 047). */
const ltiPlatformsSchema = z
  .array(
    z.object({
      issuer: z.string().min(1).max(500),
      clientId: z.string().min(1).max(500),
      /** The platform's OIDC authorisation endpoint (where the login goes on). */
      authUrl: httpUrl,
      /** Its OAuth 2 token endpoint (AGS access tokens). */
      tokenUrl: httpUrl,
      jwksUrl: httpUrl,
      /** The deployments of this tool on the platform; a launch from any other is refused. */
      deployments: z.array(z.string().min(1).max(255)).min(1),
    }),
  )
  .max(50);

export type LtiPlatform = z.infer<typeof ltiPlatformsSchema>[number];

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
    /**
     * LTI 1.3 (decision 047): the platforms (Canvas, Moodle…) registered with this tool, as a JSON
     * array; unset, LTI is off and its routes do not exist.
     */
    LTI_PLATFORMS: optionalString.transform((v, ctx) => {
      if (v === undefined) return [];
      let raw: unknown;
      try {
        raw = JSON.parse(v);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'LTI_PLATFORMS must be a JSON array' });
        return z.NEVER;
      }
      const parsed = ltiPlatformsSchema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        ctx.addIssue({
          code: 'custom',
          message: `LTI_PLATFORMS ${issue.path.join('.')}: ${issue.message}`,
        });
        return z.NEVER;
      }
      return parsed.data;
    }),
    /** The tool's RS256 private key (PKCS #8 PEM); made once and kept in the database when unset. */
    LTI_PRIVATE_KEY: optionalString.pipe(
      z
        .string()
        .startsWith('-----BEGIN PRIVATE KEY-----', 'LTI_PRIVATE_KEY must be a PKCS #8 PEM key')
        .optional(),
    ),
    /** The first administrator, created (or promoted) at start; set both or neither. */
    ADMIN_EMAIL: optionalString.pipe(z.email('ADMIN_EMAIL must be an e-mail address').optional()),
    ADMIN_PASSWORD: optionalString.pipe(
      z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').max(128).optional(),
    ),
    /**
     * Promote ADMIN_EMAIL even when it is an unverified self-registered account (its password is
     * replaced and its sessions end); without it such an account stops the start with a message.
     */
    ADMIN_FORCE: boolFlag.default(false),
    AI_PROVIDER: z.enum(['builtin', 'openai']).default('builtin'),
    AI_BASE_URL: optionalString,
    AI_API_KEY: optionalString,
    AI_MODEL: z.string().default('gpt-4o-mini'),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
    /**
     * Worker threads that make the builtin evaluator's reports (decision 052), off the event loop
     * the live interviews share. Each holds its own language model and word vectors (~125 MB).
     */
    BUILTIN_REPORT_WORKERS: z.coerce.number().int().min(1).max(4).default(1),
    // --- Speech (issue 14, decision 022) --------------------------------------------------
    /** Who recognises the candidate's speech: the browser (Web Speech) or an OpenAI-style server. */
    STT_PROVIDER: z.enum(['browser', 'openai']).default('browser'),
    STT_BASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: 'STT_BASE_URL must be an http:// or https:// URL' })
        .optional(),
    ),
    STT_MODEL: z.string().trim().min(1).default('gpt-4o-mini-transcribe'),
    STT_API_KEY: optionalString,
    /** Ask the transcription server to stream (interim text); off for servers that refuse it. */
    STT_STREAM: boolFlag.default(true),
    /** Who speaks the interviewer's lines: the browser (speechSynthesis) or an OpenAI-style server. */
    TTS_PROVIDER: z.enum(['browser', 'openai']).default('browser'),
    TTS_BASE_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: 'TTS_BASE_URL must be an http:// or https:// URL' })
        .optional(),
    ),
    TTS_MODEL: z.string().trim().min(1).default('gpt-4o-mini-tts'),
    TTS_VOICE: z.string().trim().min(1).max(100).default('alloy'),
    TTS_API_KEY: optionalString,
    /** Deadline of one transcription or of one sentence's synthesis (until its first audio). */
    SPEECH_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
    /**
     * Estimated prices per million tokens (prompt, completion), in whatever currency the operator
     * reads; 0 shows tokens only. The admin analytics multiply recorded usage by them.
     */
    /**
     * How many job descriptions and résumés the model reads for one candidate per day (issue 15,
     * decision 035); past it, the builtin rules read them, so deleting and uploading again in a
     * loop costs the operator nothing more.
     */
    AI_DOCUMENT_READS_PER_DAY: z.coerce.number().int().min(0).max(100_000).default(30),
    AI_PRICE_INPUT: z.coerce.number().min(0).max(1_000_000).default(0),
    AI_PRICE_OUTPUT: z.coerce.number().min(0).max(1_000_000).default(0),
    /** Estimated price per minute of audio the server recognises (STT_PROVIDER=openai). */
    STT_PRICE_MINUTE: z.coerce.number().min(0).max(1_000_000).default(0),
    /** Estimated price per million characters the server voices (TTS_PROVIDER=openai). */
    TTS_PRICE_MILLION_CHARACTERS: z.coerce.number().min(0).max(1_000_000).default(0),
    // --- Credits (issue 17, decision 025) ---------------------------------------------------
    /** Interviews a candidate may start per period; 0 is unlimited. Administrators may override. */
    CREDITS_DEFAULT_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(0),
    /** `month`: credits come back on the 1st of each calendar month (UTC); `none`: never. */
    CREDITS_PERIOD: z.enum(['month', 'none']).default('month'),
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
    /**
     * Sign-in throttling (platform/auth/sign-in-limits.ts, decision 017), every count per window: failed
     * sign-ins per account; failed sign-ins per address and portal (default 10 × the account's);
     * every sign-in, sign-up and password-reset attempt per address and portal (default 60 ×).
     */
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    SIGN_IN_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    SIGN_IN_ADDRESS_FAILURE_LIMIT: optionalCount,
    SIGN_IN_ADDRESS_LIMIT: optionalCount,
    /**
     * Openings of shared report links, and plays of their recordings, per client address per
     * minute (issue 30): the one public read of a candidate's data, counted like sign-in.
     */
    SHARED_REPORT_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(120),
    /**
     * Turns on GET /metrics (Prometheus), readable only with `Authorization: Bearer <token>`;
     * unset, the route answers 404 and nothing is measured.
     */
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    // --- Code runs (issues 16 and 24, decision 031) ------------------------------------------
    /**
     * Python submissions: `auto` runs them only where the runner gets its own network namespace
     * (unshare), `on` runs them anyway (said at start-up), `off` never.
     */
    CODE_PYTHON: z
      .enum(['auto', 'on', 'off'], { error: 'CODE_PYTHON must be auto, on or off' })
      .default('auto'),
    // --- Recordings of answers (issue 14; modules/recordings/, decision 023) -----------------------
    /** Days a recording is kept before the retention sweep deletes it. */
    RECORDINGS_RETENTION_DAYS: z.coerce
      .number({ error: 'RECORDINGS_RETENTION_DAYS must be a number of days' })
      .int('RECORDINGS_RETENTION_DAYS must be a whole number of days')
      .min(1, 'RECORDINGS_RETENTION_DAYS must be at least 1')
      .max(3650, 'RECORDINGS_RETENTION_DAYS must be at most 3650')
      .default(30),
    /**
     * Megabytes of recordings one candidate may keep, all attempts together (decision 036): an
     * upload past it is refused (413 RECORDING_QUOTA) until older ones go (Settings, retention).
     */
    RECORDINGS_QUOTA_MB: z.coerce
      .number({ error: 'RECORDINGS_QUOTA_MB must be a number of megabytes' })
      .int('RECORDINGS_QUOTA_MB must be a whole number of megabytes')
      .min(1, 'RECORDINGS_QUOTA_MB must be at least 1')
      .max(1_000_000, 'RECORDINGS_QUOTA_MB must be at most 1000000')
      .default(500),
    /**
     * Hook for a coach review that does not exist yet: when on, administrators may play
     * candidates' recordings. Off, a recording is played to its owner only (403 for anyone else).
     */
    COACH_REVIEW_RECORDINGS: boolFlag.default(false),
    /** An S3-compatible bucket for recordings; unset, they are files under DATA_DIR. */
    S3_BUCKET: optionalString,
    /** The store's URL (MinIO, R2, Garage…); unset with S3_BUCKET: AWS S3 in S3_REGION. */
    S3_ENDPOINT: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' })
        .optional(),
    ),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Bucket in the path rather than the host name; default on when S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: optionalFlag,
    // ---------------------------------------------------------------------------------------
    SEED_DEMO: boolFlag.default(true),
    /** Serve the built SPA from apps/web/dist. */
    SERVE_WEB: boolFlag.default(true),
    /** Which reverse proxies' X-Forwarded-For to believe: see parseTrustProxy. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          ctx.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
  })
  .superRefine((c, ctx) => {
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [c.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (c.S3_BUCKET) {
      for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!c[key]) {
          ctx.addIssue({ code: 'custom', path: [key], message: `S3_BUCKET needs ${key}` });
        }
      }
    } else {
      const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
        (key) => c[key],
      );
      if (stray) {
        ctx.addIssue({
          code: 'custom',
          path: ['S3_BUCKET'],
          message: `${stray} is set but S3_BUCKET is not: set the bucket to keep recordings in S3`,
        });
      }
    }
    if (c.AI_PROVIDER === 'openai' && !c.AI_BASE_URL && !c.AI_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_API_KEY'],
        message: 'AI_PROVIDER=openai needs AI_API_KEY (or AI_BASE_URL for a local server)',
      });
    }
    for (const kind of ['STT', 'TTS'] as const) {
      if (c[`${kind}_PROVIDER`] === 'openai' && !c[`${kind}_BASE_URL`] && !c[`${kind}_API_KEY`]) {
        ctx.addIssue({
          code: 'custom',
          path: [`${kind}_API_KEY`],
          message: `${kind}_PROVIDER=openai needs ${kind}_API_KEY (or ${kind}_BASE_URL for a local server)`,
        });
      }
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
