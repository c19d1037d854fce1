import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The service's Prometheus metrics (issue 17), behind one typed API that services receive as a
 * dependency: they call `metrics.answerStored()`, never prom-client. With metrics off (no
 * METRICS_TOKEN) every call is a no-op and nothing is measured, so the cost of metrics can be
 * compared by switching them on and off.
 *
 * Labels stay bounded: HTTP requests are labelled by the route's pattern (`/api/interview/:id`),
 * never the raw URL; AI calls by provider name from the configuration, never by model output.
 */

/** Where the figures read at scrape time come from (the database, the pool). */
export interface MetricSources {
  /** Attempts in progress, across every process sharing the database. */
  attemptsInProgress?: () => Promise<number>;
  /** Reports by status (pending, failed, completed…). */
  reportsByStatus?: () => Promise<Record<string, number>>;
  /** The connection pool of this process (PostgreSQL), or null without one (PGlite). */
  pool?: () => { max: number; total: number; idle: number; waiting: number } | null;
  /** The builtin report's worker pool of this process (decision 052): a backlog shows here. */
  reportWorkers?: () => { workers: number; busy: number; waiting: number };
}

export interface Metrics {
  readonly enabled: boolean;
  /** One HTTP request answered: its route pattern ('unmatched' when none), method, status, seconds. */
  httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** A live interview socket opened / closed in this process. */
  liveSocketOpened(): void;
  liveSocketClosed(): void;
  /** A candidate's answer stored (answers per second is its rate). */
  answerStored(): void;
  /** From an answer being stored to the first token of the interviewer's reply. */
  firstReplyToken(ms: number): void;
  /** One call to an AI provider: which, how long, whether it answered. */
  aiCall(provider: string, ms: number, ok: boolean): void;
  /** The exposition text, or null with metrics off. */
  render(): Promise<{ contentType: string; body: string } | null>;
}

const noop = () => undefined;

export const METRICS_OFF: Metrics = {
  enabled: false,
  httpRequest: noop,
  liveSocketOpened: noop,
  liveSocketClosed: noop,
  answerStored: noop,
  firstReplyToken: noop,
  aiCall: noop,
  render: async () => null,
};

/** A scrape never waits on a slow database longer than this; the figure is left out instead. */
const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('metrics source timed out')), ms).unref(),
    ),
  ]);
}

export function createMetrics(options: {
  enabled: boolean;
  sources?: MetricSources;
  onSourceError?: (err: unknown) => void;
}): Metrics {
  if (!options.enabled) return METRICS_OFF;
  const sources = options.sources ?? {};
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const http = new Histogram({
    name: 'candor_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: latency, and their rate (_count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const liveSockets = new Gauge({
    name: 'candor_live_sockets_open',
    help: 'Live interview sockets open in this process',
    registers: [registry],
  });
  const answers = new Counter({
    name: 'candor_answers_stored_total',
    help: "Candidates' answers stored (answers per second: its rate)",
    registers: [registry],
  });
  const firstToken = new Histogram({
    name: 'candor_reply_first_token_seconds',
    help: "Time from an answer being stored to the first token of the interviewer's reply",
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30],
    registers: [registry],
  });
  const aiCalls = new Counter({
    name: 'candor_ai_calls_total',
    help: 'Calls to AI providers by provider and outcome (ok, failed)',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const aiLatency = new Histogram({
    name: 'candor_ai_call_duration_seconds',
    help: 'Latency of AI provider calls by provider',
    labelNames: ['provider'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
    registers: [registry],
  });

  const fail = (err: unknown) => options.onSourceError?.(err);
  new Gauge({
    name: 'candor_attempts_in_progress',
    help: 'Attempts in progress (live interviews open), across every process on the database',
    registers: [registry],
    async collect() {
      if (!sources.attemptsInProgress) return;
      try {
        this.set(await within(sources.attemptsInProgress(), SCRAPE_QUERY_TIMEOUT_MS));
      } catch (err) {
        fail(err);
      }
    },
  });
  new Gauge({
    name: 'candor_reports',
    help: 'Reports by status (pending: being generated; failed: generation failed)',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      if (!sources.reportsByStatus) return;
      try {
        const counts = await within(sources.reportsByStatus(), SCRAPE_QUERY_TIMEOUT_MS);
        this.reset();
        // Pending and failed are always present, so an alert on them never sees a gap.
        for (const status of new Set(['pending', 'failed', ...Object.keys(counts)])) {
          this.set({ status }, counts[status] ?? 0);
        }
      } catch (err) {
        fail(err);
      }
    },
  });
  new Gauge({
    name: 'candor_db_pool_connections',
    help: 'Database connections of this process by state (busy, idle, waiting: requests queued for one; max: the pool size)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'busy' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
      this.set({ state: 'max' }, pool.max);
    },
  });

  new Gauge({
    name: 'candor_report_workers',
    help: "The builtin report's worker threads of this process by state (started, busy, waiting: reports queued for one)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.reportWorkers?.();
      if (!pool) return;
      this.set({ state: 'started' }, pool.workers);
      this.set({ state: 'busy' }, pool.busy);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    enabled: true,
    httpRequest(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    liveSocketOpened: () => liveSockets.inc(),
    liveSocketClosed: () => liveSockets.dec(),
    answerStored: () => answers.inc(),
    firstReplyToken: (ms) => firstToken.observe(ms / 1000),
    aiCall(provider, ms, ok) {
      aiCalls.inc({ provider, outcome: ok ? 'ok' : 'failed' });
      aiLatency.observe({ provider }, ms / 1000);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
