import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth, type Auth, type PasswordHashing } from './platform/auth/auth';
import { readSessionUser, requireRole } from './platform/auth/guards';
import { wireReadCacheInvalidation } from './platform/cache/invalidation';
import { createReadCache, type ReadCache } from './platform/cache/read-cache';
import { registerAuthHandlers } from './platform/auth/routes';
import { trustProxyOption, type Config } from './config';
import type { Database, Db } from './db/client';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { accountRoutes } from './modules/account/routes';
import { adminCatalogRoutes } from './modules/admin-catalog/routes';
import { adminPeopleRoutes } from './modules/admin-people/routes';
import { coachReviewRoutes } from './modules/coach-review/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { healthRoutes } from './modules/health/routes';
import { profileRoutes } from './modules/profile/routes';
import { progressRoutes } from './modules/progress/routes';
import { createProvider } from './ai';
import { createSpeechServices } from './modules/speech';
import { recordingSpeechUsage } from './modules/speech/usage';
import { meteredProvider } from './ai/metered';
import { recordingUsage } from './ai/usage';
import { aiUsageRoutes } from './modules/ai-usage/routes';
import { aiPrices, createUsageRecorder } from './modules/ai-usage/service';
import type { AiProvider } from './ai/provider';
import { createSandbox, type Sandbox } from './modules/sandbox';
import { codingRoutes } from './modules/coding/routes';
import { creditRoutes } from './modules/credits/routes';
import { tailoredRoutes } from './modules/tailored/routes';
import { createDocumentReader, type DocumentReaderOptions } from './modules/documents';
import { creditPolicy } from './modules/credits/service';
import { interviewRoutes } from './modules/interviews/routes';
import { createInterviewRuntime, type InterviewRuntimeOptions } from './modules/interviews/runtime';
import { createReportJobs } from './modules/reports/jobs';
import { reportRoutes } from './modules/reports/routes';
import { userRoutes } from './modules/users/routes';
import { errorBody, registerErrorHandler } from './platform/http/error-handler';
import { createMetrics, type Metrics } from './platform/metrics/metrics';
import { registerMetrics } from './platform/metrics/routes';
import { metricSources } from './platform/metrics/sources';
import { afterStart, createStartup, waitForStartup, type Startup } from './modules/health/startup';
import { recordingRoutes } from './modules/recordings/routes';
import { createRetentionSweeper, retentionOptions } from './modules/recordings/retention';
import { deleteAttemptRecordings } from './modules/recordings/service';
import { createRecordingStore, type RecordingStore } from './modules/recordings/store';
import { AppError } from './platform/errors';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerTextInputCheck } from './platform/http/text-input';
import {
  createOriginPolicy,
  registerSameOriginCheck,
  type OriginPolicy,
} from './platform/http/same-origin';

/** What routes reach through `app.deps`; services receive the parts they need as parameters. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  auth: { candidate: Auth; admin: Auth };
  /** The browser origins trusted to change state (PUBLIC_URL, or this machine's addresses). */
  origins: OriginPolicy;
  /** Hot reads and session lookups, invalidated by the writes that change them (decision 008). */
  readCache: ReadCache;
  /** The interview clock (time-up, grace period, idle sweep); tests pass their own. */
  now: () => Date;
  /** Prometheus metrics (platform/metrics/metrics.ts): no-ops unless METRICS_TOKEN is set. */
  metrics: Metrics;
  /** Starting (migrations running) or ready: what /api/ready reports. */
  startup: Startup;
  /** Where the audio of answers is kept (DATA_DIR or S3; recordings/, issue 14). */
  recordings: RecordingStore;
  /** Auth hooks for route folders (onRequest, so they run before body validation). */
  guards: {
    candidate: ReturnType<typeof requireRole>;
    admin: ReturnType<typeof requireRole>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route registered (method and URL), for the authorisation matrix test. */
    routeTable: RouteEntry[];
    /** Writes the AI usage rows waiting for their batch now (tests that read ai_usage). */
    flushUsage: () => Promise<void>;
  }
}

/** A registered route with its schemas (params, querystring, body), for the generated security tests. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  secret: string;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The interview clock; the real one unless a test moves time itself. */
  now?: () => Date;
  /** The built SPA to serve when SERVE_WEB is on (apps/web/dist, found from here, by default). */
  webDir?: string;
  /** Pings, session checks and lifetime of live sockets (tests shorten them). */
  live?: InterviewRuntimeOptions['live'];
  /** How often "Check your answers" windows that ran out are closed; tests shorten it. */
  checkSweepMs?: number;
  /** The AI provider; the configured one (AI_PROVIDER) unless a test brings its own. */
  provider?: AiProvider;
  /**
   * The start-up state main.ts moves to ready once migrations and seeding are done; until then
   * requests wait and /api/ready answers 503. Ready from the start when not given (tests).
   */
  startup?: Startup;
  /** The recording store; the configured one (DATA_DIR or S3_*) unless a test brings its own. */
  recordingStore?: RecordingStore;
  /** How long AI usage rows wait to be written together (ai-usage/service.ts). */
  usageFlushMs?: number;
  /** The résumé reader's limits (tailored/reader); its defaults unless a test shortens them. */
  documentReader?: DocumentReaderOptions;
  /** Password hashing; better-auth's scrypt unless a test brings a cheap one (platform/auth/auth.ts). */
  passwordHashing?: PasswordHashing;
}

function webDistDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * Limits on slow and idle clients (issue 12: a POST announcing 100 kB and sending a byte every
 * few seconds was kept open for minutes; thousands of them exhausted the file descriptors).
 * Fastify sets no request timeout by default. Node checks the request and header timeouts every
 * `connectionsCheckingInterval`, so that is kept short. Upgraded live sockets leave these checks
 * (ws clears the socket timeout on upgrade).
 */
export function connectionLimits(config: Config) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // A connection on which nothing moves either way (a client that stopped reading its answer).
    connectionTimeout: 2 * requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, 20_000),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2),
    },
  };
}

interface LiveSocketServer {
  clients: Set<{ close(code: number, reason: string): void }>;
}

/**
 * On shutdown, live sockets close with 1001 "going away", which tells the client to reconnect at
 * once (to this server's successor, or another process behind the balancer), rather than with no
 * code at all (1005), as @fastify/websocket's own close does after this hook. Root preClose hooks
 * run before those of plugins; the socket servers are found through the routes that use them.
 */
function closeLiveSocketsGoingAway(app: FastifyInstance) {
  const servers = new Set<LiveSocketServer>();
  app.addHook('onRoute', function (route) {
    const server = (this as unknown as { websocketServer?: LiveSocketServer }).websocketServer;
    if (route.websocket && server) servers.add(server);
  });
  app.addHook('preClose', async () => {
    for (const server of servers)
      for (const socket of server.clients) socket.close(1001, 'Server shutting down');
  });
}

/**
 * The live interview and its reports: the AI provider, the report jobs and the interviews
 * module's runtime are built here and joined, so neither module reaches into the other. An ended
 * attempt starts its report; a settled report is announced to the attempt's open live sockets
 * (the `report` frame) and drops the candidate's cached reads.
 */
async function registerInterviewsAndReports(app: FastifyInstance, options: BuildAppOptions) {
  const { config, db, readCache, now, metrics } = app.deps;
  const chosen = options.provider ?? createProvider(config);
  // Every token would pass through the meter: only when metrics are on.
  const metered = metrics.enabled ? meteredProvider(chosen, metrics.aiCall) : chosen;
  // Every call made for an attempt leaves its usage and estimated cost (admin analytics): the
  // model's tokens, and the seconds and characters of server speech.
  const usage = createUsageRecorder({
    db,
    prices: aiPrices(config),
    log: app.log,
    now,
    flushMs: options.usageFlushMs,
  });
  app.decorate('flushUsage', usage.flush);
  const recordUsage = usage.record;
  const provider = recordingUsage(metered, recordUsage);
  const changed = (userId: string) => readCache.invalidateUser(userId);
  const recordingDeps = { db, store: app.deps.recordings, log: app.log };
  const jobs = createReportJobs({ db, provider, log: app.log, now }, (settled) => {
    changed(settled.userId);
    runtime.reportSettled(settled.interviewId, settled.status);
  });
  const runtime = createInterviewRuntime({
    db,
    log: app.log,
    now,
    provider,
    speech: recordingSpeechUsage(createSpeechServices(config), recordUsage, {
      transcription: config.STT_MODEL,
      voice: config.TTS_MODEL,
    }),
    credits: creditPolicy(config),
    live: options.live,
    checkSweepMs: options.checkSweepMs,
    metrics,
    onEnded: (id, userId) => void jobs.start(id, userId),
    onChanged: changed,
    dropRecordings: async (userId, interviewId) => {
      await deleteAttemptRecordings(recordingDeps, userId, interviewId);
    },
  });
  const retention = createRetentionSweeper(
    { ...recordingDeps, now },
    retentionOptions(config.RECORDINGS_RETENTION_DAYS),
  );
  afterStart(app, app.deps.startup, () => {
    // Reports left pending by a process that died are finished now, not on a later read.
    void jobs.resumePending().catch((err: unknown) => {
      app.log.warn({ err }, 'could not resume pending reports');
    });
    runtime.start();
    void retention.start();
  });
  app.addHook('onClose', async () => {
    await runtime.stop();
    await retention.stop();
    await jobs.drain();
    // What the stopped turns and reports recorded is written before the database closes.
    await usage.flush();
    app.deps.recordings.close();
  });
  await app.register(interviewRoutes, { prefix: '/api', runtime });
  // A job description is read by the configured model when there is one (never by the builtin);
  // résumé files by child processes with caps (decision 036), started at the first upload.
  const documents = createDocumentReader({ log: app.log, ...options.documentReader });
  app.addHook('onClose', () => documents.close());
  await app.register(tailoredRoutes, { prefix: '/api', provider, documents });
  await app.register(recordingRoutes, { prefix: '/api', store: app.deps.recordings });
  await app.register(reportRoutes, {
    prefix: '/api',
    jobs,
    staleAfterMs: config.AI_TIMEOUT_MS * 2 + 30_000,
  });
}

/**
 * The coding round's sandbox (issue 16, decision 031): it starts with the first need (a coding
 * question on screen, or a run), not with the process (most processes and every test app never
 * run code), and stops with it. CODE_PYTHON says whether Python runs (main.ts logs why not).
 */
async function registerCoding(app: FastifyInstance, config: Config) {
  let sandbox: Sandbox | null = null;
  const open = () => (sandbox ??= createSandbox({ python: config.CODE_PYTHON }));
  app.addHook('onClose', async () => {
    await sandbox?.close();
  });
  await app.register(codingRoutes, {
    prefix: '/api',
    sandbox: {
      run: (request, options) => open().run(request, options),
      prepare: () => open().prepare(),
    },
  });
}

/** Paths answered while the process is starting: readiness itself, and metrics. */
const ANSWERED_WHILE_STARTING = new Set(['/api/ready', '/metrics']);

/**
 * While the process starts (main.ts listens first, then migrates), requests wait for the start to
 * finish rather than meet a half-migrated database; past STARTUP_WAIT_MS they get a 503.
 */
function gateUntilStarted(app: FastifyInstance, startup: Startup) {
  app.addHook('onRequest', async (request, reply) => {
    if (startup.state === 'ready' || ANSWERED_WHILE_STARTING.has(request.routeOptions.url ?? ''))
      return;
    if (!(await waitForStartup(startup))) {
      reply.header('retry-after', '5');
      throw new AppError(503, 'The service is starting. Please try again shortly.');
    }
  });
}

/** Builds the whole app: used by main.ts and, unchanged, by the tests. */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Graceful shutdown closes idle keep-alive sockets at once and lets in-flight requests finish.
    forceCloseConnections: 'idle',
    ...connectionLimits(config),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = config.MAX_CONNECTIONS;
  let dropped = 0;
  app.server.on('drop', () => {
    // Said once per burst, not once per refused connection.
    if (dropped++ === 0) {
      app.log.warn(
        { maxConnections: config.MAX_CONNECTIONS },
        'connection limit reached: refusing new connections (MAX_CONNECTIONS)',
      );
      setTimeout(() => (dropped = 0), 60_000).unref();
    }
  });

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, schema: route.schema });
  });
  closeLiveSocketsGoingAway(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const startup = options.startup ?? createStartup('ready');
  gateUntilStarted(app, startup);
  const metrics = createMetrics({
    enabled: Boolean(config.METRICS_TOKEN),
    sources: metricSources(database),
    onSourceError: (err) => app.log.warn({ err }, 'metrics: a figure could not be read'),
  });
  registerMetrics(app, { metrics, token: config.METRICS_TOKEN });
  registerTextInputCheck(app);
  const origins = createOriginPolicy(config, () => app.server.address());
  registerSameOriginCheck(app, origins);

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const authDeps = {
    db: database.db,
    config,
    secret: options.secret,
    mailer,
    origins,
    passwordHashing: options.passwordHashing,
  };
  const auth = {
    candidate: createAuth(authDeps, 'candidate'),
    admin: createAuth(authDeps, 'admin'),
  };
  const readCache = createReadCache({
    ttlMs: config.READ_CACHE_TTL_MS,
    maxEntries: config.READ_CACHE_MAX_ENTRIES,
  });
  const cacheOrNot = config.READ_CACHE_TTL_MS > 0 ? readCache : undefined;
  await wireReadCacheInvalidation(app, readCache, {
    database,
    writerOf: async (portal, request) =>
      (await readSessionUser(auth[portal], portal, request, cacheOrNot))?.id ?? null,
    ttlMs: config.READ_CACHE_TTL_MS,
  });
  app.decorate('deps', {
    config,
    database,
    db: database.db,
    mailer,
    auth,
    origins,
    readCache,
    metrics,
    startup,
    recordings: options.recordingStore ?? createRecordingStore(config),
    now: options.now ?? (() => new Date()),
    guards: {
      candidate: requireRole('candidate', auth, cacheOrNot),
      admin: requireRole('admin', auth, cacheOrNot),
    },
  });
  app.decorateRequest('sessionUser', null);

  registerSecurityHeaders(app, {
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
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Candor API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(catalogRoutes, { prefix: '/api' });
  await app.register(adminCatalogRoutes, { prefix: '/api' });
  await app.register(progressRoutes, { prefix: '/api' });
  await app.register(profileRoutes, { prefix: '/api' });
  await app.register(adminPeopleRoutes, { prefix: '/api' });
  await app.register(creditRoutes, { prefix: '/api' });
  await app.register(aiUsageRoutes, { prefix: '/api' });
  await app.register(coachReviewRoutes, { prefix: '/api' });
  await registerInterviewsAndReports(app, options);
  await registerCoding(app, config);
  await app.register(userRoutes, { prefix: '/api' });
  await app.register(accountRoutes, { prefix: '/api' });
  registerAuthHandlers(app, auth);

  const dist = config.SERVE_WEB ? (options.webDir ?? webDistDir()) : null;
  if (dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build keeps source maps on disk for the profiling tools (e2e/tools/profile-page.ts);
      // served, they would publish the app's source. 404 unless SERVE_SOURCE_MAPS is set.
      ...(config.SERVE_SOURCE_MAPS ? {} : { allowedPath: (p: string) => !p.endsWith('.map') }),
      // apps/web's build writes .br and .gz beside each asset: no compression per request.
      preCompressed: true,
      // Hashed file names never change content: browsers may keep them for a year.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
    // The SPA owns every non-API path (a source map is a file, never a page).
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/') || /\.map(\?|$)/.test(request.url)) {
        return reply.status(404).send(errorBody(404, 'Not found'));
      }
      return reply.sendFile('index.html');
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
