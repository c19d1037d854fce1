import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createProvider, createReportPool, type ReportPool } from './ai';
import type { AiProvider } from './ai/provider';
import { trustProxyOption, type Config } from './config';
import type { Database, Db } from './db/client';
import { registerAiUsage } from './modules/ai-usage/plugin';
import type { BatchedUsageRecorder } from './modules/ai-usage/service';
import { accountRoutes } from './modules/account/routes';
import { adminCatalogRoutes } from './modules/admin-catalog/routes';
import { adminPeopleRoutes } from './modules/admin-people/routes';
import { auditRoutes } from './modules/audit/routes';
import { assignmentOfSet } from './modules/assignments';
import { registerAssignments } from './modules/assignments/plugin';
import { registerAttempts } from './modules/attempts/plugin';
import { catalogRoutes } from './modules/catalog/routes';
import { coachFeedbackRoutes, candidateFeedbackRoutes } from './modules/coach-feedback/routes';
import { coachReviewRoutes } from './modules/coach-review/routes';
import { joinByDomain, type NewAccount } from './modules/cohorts';
import { cohortRoutes } from './modules/cohorts/routes';
import { registerCoding } from './modules/coding/plugin';
import { creditCharge, creditPolicy } from './modules/credits';
import { creditRoutes } from './modules/credits/routes';
import type { DocumentReaderOptions } from './modules/documents';
import { healthRoutes } from './modules/health/routes';
import { registerLive, type LiveOptions } from './modules/live/plugin';
import { registerLti } from './modules/lti/plugin';
import { profileRoutes } from './modules/profile/routes';
import { progressRoutes } from './modules/progress/routes';
import { createRecordingStore, type RecordingStore } from './modules/recordings';
import { registerRecordings } from './modules/recordings/plugin';
import { registerReports } from './modules/reports/plugin';
import { drillRoutes } from './modules/drills/routes';
import { reportShareRoutes } from './modules/report-share/routes';
import { retryRoutes } from './modules/retries/routes';
import { storyRoutes } from './modules/stories/routes';
import { withStoryUse } from './modules/stories';
import { createSpeechServices } from './modules/speech';
import { speechRoutes } from './modules/speech/routes';
import { registerTailored } from './modules/tailored/plugin';
import { registerTurns } from './modules/turns/plugin';
import { userRoutes } from './modules/users/routes';
import { whiteboardRoutes } from './modules/whiteboard/routes';
import { createAuth, type Auth, type PasswordHashing } from './platform/auth/auth';
import { readSessionUser, requireRole } from './platform/auth/guards';
import { registerAuthHandlers } from './platform/auth/routes';
import { wireReadCacheInvalidation } from './platform/cache/invalidation';
import { createReadCache, type ReadCache } from './platform/cache/read-cache';
import { registerCompression } from './platform/http/compression';
import { capConnections, connectionLimits } from './platform/http/connections';
import { registerErrorHandler } from './platform/http/error-handler';
import {
  createOriginPolicy,
  registerSameOriginCheck,
  type OriginPolicy,
} from './platform/http/same-origin';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { gateUntilStarted } from './platform/http/startup-gate';
import { registerTextInputCheck } from './platform/http/text-input';
import { serveWebApp } from './platform/http/web';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { createMetrics, type Metrics } from './platform/metrics/metrics';
import { registerMetrics } from './platform/metrics/routes';
import { metricSources } from './platform/metrics/sources';
import { createStartup, type Startup } from './platform/startup';

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
  /** Where the audio of answers is kept (DATA_DIR or S3; modules/recordings, issue 14). */
  recordings: RecordingStore;
  /**
   * The builtin evaluator's reports in worker threads (decision 052): seconds of CPU a long
   * attempt's report takes, kept off the event loop every live interview here shares.
   */
  reportPool: ReportPool;
  /** Auth hooks for route folders (onRequest, so they run before body validation). */
  guards: {
    candidate: ReturnType<typeof requireRole>;
    /** Administrators only. */
    admin: ReturnType<typeof requireRole>;
    /** Administrators and coaches (decision 046): the route scopes a coach to their cohorts. */
    staff: ReturnType<typeof requireRole>;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * The start-up state main.ts moves to ready once migrations and seeding are done; until then
   * requests wait and /api/ready answers 503. Ready from the start when not given (tests).
   */
  startup?: Startup;
  /** Parts a test brings in place of those the configuration makes; production brings none. */
  overrides?: AppOverrides;
}

/** What test/harness.ts may hand the app instead of what the configuration makes. */
export interface AppOverrides {
  /** The interview clock: a test moves time itself. */
  now?: () => Date;
  /** A mailer that keeps what it sends. */
  mailer?: Mailer;
  /** An AI provider of the test's own (AI_PROVIDER otherwise). */
  provider?: AiProvider;
  /** A recording store of the test's own (DATA_DIR or S3_* otherwise). */
  recordingStore?: RecordingStore;
  /** A cheap password hash (better-auth's scrypt otherwise: platform/auth/auth.ts). */
  passwordHashing?: PasswordHashing;
  /** The built SPA to serve when SERVE_WEB is on (apps/web/dist, found from here, otherwise). */
  webDir?: string;
  /** The AI usage recorder, which the test flushes when it reads the table. */
  usage?: BatchedUsageRecorder;
  /** Shorter pings, session checks and lifetime of live sockets. */
  live?: LiveOptions['timings'];
  /** How often "Check your answers" windows that ran out are closed. */
  checkEveryMs?: number;
  /** The résumé reader's limits (modules/documents): a shorter deadline. */
  documentReader?: DocumentReaderOptions;
  /** How often the LTI score loop runs (modules/lti). */
  ltiEveryMs?: number;
}

/**
 * Shared infrastructure, in order: errors, the start-up gate, metrics, input and origin checks,
 * mail, auth, the read cache and its invalidation, `app.deps`, security headers, the OpenAPI
 * document. Every capability registered after it finds these in place.
 */
async function registerPlatform(app: FastifyInstance, options: BuildAppOptions) {
  const { config, database } = options;
  const overrides = options.overrides ?? {};
  registerErrorHandler(app);
  registerCompression(app);
  const startup = options.startup ?? createStartup('ready');
  gateUntilStarted(app, startup);
  // The workers start with the first report (their figures are on /metrics).
  const reportPool = createReportPool({ workers: config.BUILTIN_REPORT_WORKERS });
  const metrics = createMetrics({
    enabled: Boolean(config.METRICS_TOKEN),
    sources: metricSources(database, reportPool.stats),
    onSourceError: (err) => app.log.warn({ err }, 'metrics: a figure could not be read'),
  });
  registerMetrics(app, { metrics, token: config.METRICS_TOKEN });
  registerTextInputCheck(app);
  const origins = createOriginPolicy(config, () => app.server.address());
  registerSameOriginCheck(app, origins);

  const mailer =
    overrides.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log: app.log });
  const authDeps = {
    db: database.db,
    config,
    secret: options.secret,
    mailer,
    origins,
    passwordHashing: overrides.passwordHashing,
    // A new candidate at a cohort's e-mail domain joins it (decision 046). A failure is logged:
    // the account exists by then, and an administrator can add them by hand.
    onAccountCreated: async (account: NewAccount) => {
      const today = (overrides.now ?? (() => new Date()))().toISOString().slice(0, 10);
      await joinByDomain(database.db, account, today).catch((err: unknown) => {
        app.log.error({ err }, 'cohorts: joining by e-mail domain failed');
      });
    },
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
    recordings: overrides.recordingStore ?? createRecordingStore(config),
    reportPool,
    now: overrides.now ?? (() => new Date()),
    guards: {
      candidate: requireRole('candidate', auth, cacheOrNot),
      admin: requireRole('admin', auth, cacheOrNot),
      staff: requireRole('staff', auth, cacheOrNot),
    },
  });
  app.decorateRequest('sessionUser', null);
  registerSecurityHeaders(app);
  await app.register(swagger, {
    openapi: { info: { title: 'Candor API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/**
 * The capabilities, each registered by its module (modules/<name>/routes.ts, or plugin.ts when it
 * also runs something: jobs, loops, sockets). Those that depend on others come after them, and
 * Fastify closes them in reverse: the live sockets and loops stop first, then the report jobs
 * drain, then the usage rows are written and the recording store closes.
 */
async function registerCapabilities(app: FastifyInstance, overrides: AppOverrides) {
  const { config, readCache } = app.deps;
  for (const routes of [
    healthRoutes,
    catalogRoutes,
    adminCatalogRoutes,
    progressRoutes,
    profileRoutes,
    adminPeopleRoutes,
    creditRoutes,
    coachReviewRoutes,
    coachFeedbackRoutes,
    candidateFeedbackRoutes,
    auditRoutes,
    cohortRoutes,
    userRoutes,
    accountRoutes,
    storyRoutes,
    drillRoutes,
    reportShareRoutes,
  ]) {
    await app.register(routes, { prefix: '/api' });
  }

  const recordings = await registerRecordings(app);
  // LTI 1.3 (decision 047): off unless LTI_PLATFORMS registers a platform. A launch opens the
  // set's assignment when one of the candidate's cohorts has it (the attempt counts for it).
  const lti = await registerLti(app, {
    everyMs: overrides.ltiEveryMs,
    launchTarget: async ({ setId, userId }) => {
      const assignment = await assignmentOfSet(app.deps.db, userId, setId, app.deps.now());
      return assignment ? `/interview/${setId}?assignment=${assignment}` : `/interview/${setId}`;
    },
  });
  // The report pool closes after the report jobs drained (hooks run last-in first-out).
  const evaluator = app.deps.reportPool;
  app.addHook('onClose', () => evaluator.close());
  // The configured model and speech (AI_PROVIDER, STT_PROVIDER, TTS_PROVIDER), with their usage.
  const ai = await registerAiUsage(app, {
    provider: overrides.provider ?? createProvider(config, evaluator.report),
    speech: createSpeechServices(config),
    usage: overrides.usage,
  });
  // A settled report drops the candidate's cached reads and is announced to the attempt's open
  // live sockets (the `report` frame); the live channel is registered below, before any report
  // can settle (the jobs start once the app is ready).
  const reports = await registerReports(app, {
    provider: ai.provider,
    evaluator,
    // Which saved story each behavioural answer told (issue 30): the stories module's reader.
    storyUse: (args) =>
      withStoryUse({ db: app.deps.db, provider: ai.provider, log: app.log }, args),
    onSettled: (settled) => {
      readCache.invalidateUser(settled.userId);
      live.reportSettled(settled.interviewId, settled.status);
      // A launched set's best score goes back to the course's gradebook (LTI_PLATFORMS).
      lti.reportSettled(settled);
    },
  });
  const turns = registerTurns(app, {
    provider: ai.provider,
    credits: creditCharge(creditPolicy(config)),
  });
  const attempts = await registerAttempts(app, {
    turns,
    // An ended attempt (its answers checked) starts its report.
    onEnded: (id, userId) => void reports.start(id, userId),
    dropRecordings: recordings.dropAttempt,
    checkEveryMs: overrides.checkEveryMs,
  });
  const live = await registerLive(app, {
    deps: attempts,
    speech: ai.speech,
    timings: overrides.live,
  });
  await app.register(speechRoutes, { prefix: '/api', speech: ai.speech });
  await registerTailored(app, { provider: ai.provider, reader: overrides.documentReader });
  await app.register(retryRoutes, { prefix: '/api', provider: ai.provider });
  await registerCoding(app);
  await app.register(whiteboardRoutes, { prefix: '/api' });
  await registerAssignments(app);
  registerAuthHandlers(app, app.deps.auth);
  if (config.SERVE_WEB) {
    await serveWebApp(app, { dir: overrides.webDir, sourceMaps: config.SERVE_SOURCE_MAPS });
  }
}

/**
 * The whole app as one plugin: the platform, then the capabilities. It runs on the instance it is
 * registered on (Fastify's skip-override, what fastify-plugin sets), so `app.deps` and the hooks
 * are the app's own.
 */
const candor: FastifyPluginAsync<BuildAppOptions> = async (app, options) => {
  await registerPlatform(app, options);
  await registerCapabilities(app, options.overrides ?? {});
};
Object.assign(candor, { [Symbol.for('skip-override')]: true });

/**
 * The app before it loads: it loads when awaited, at `ready()` or at `listen()` (`app.deps` exists
 * from then on). The test harness adds its own onRoute hook here first (test/harness.ts).
 */
export function createApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // Graceful shutdown closes idle keep-alive sockets at once and lets in-flight requests finish.
    forceCloseConnections: 'idle',
    ...connectionLimits(config),
  }).withTypeProvider<ZodTypeProvider>();
  capConnections(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  void app.register(candor, options);
  return app;
}

export type App = ReturnType<typeof createApp>;

/** Builds and loads the whole app: used by main.ts and, through createApp, by the tests. */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const app = createApp(options);
  await app.after();
  return app;
}
