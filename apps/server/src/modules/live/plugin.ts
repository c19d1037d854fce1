import type { FastifyInstance } from 'fastify';
import { ATTEMPT_CLOCK, type ReportStatus } from '@candor/shared';
import { scheduleLoop } from '../../platform/scheduler';
import type { AttemptDeps } from '../attempts';
import { releaseHold, renewHolds } from '../interviews';
import type { SpeechServices } from '../speech';
import { liveRoutes } from './routes';
import { LIVE_TIMINGS, createLiveSockets, type LiveTimings } from './sockets';

export interface LiveOptions {
  /** The turns, and what ending an attempt needs (modules/attempts). */
  deps: AttemptDeps;
  /** Server transcription and voice; null where the browser does them. */
  speech: SpeechServices;
  /** Pings, session checks and lifetime of live sockets (LIVE_LIMITS; tests shorten them). */
  timings?: Partial<LiveTimings>;
  /** How often the clocks held by this process's sockets are renewed (ATTEMPT_CLOCK.renewEveryMs). */
  renewClocksEveryMs?: number;
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
 * The live channel (decision 018): the WebSocket route, this process's open sockets with their
 * caps, and the loops that keep them honest (pings and lifetime, session checks, the holds on the
 * interview clocks of the attempts they are in; each process runs its own, on the app's
 * scheduler). Answers how the app tells the sockets of an attempt that its report is settled
 * (the `report` frame).
 */
export async function registerLive(app: FastifyInstance, options: LiveOptions) {
  const timings = { ...LIVE_TIMINGS, ...options.timings };
  const { db, now } = app.deps;
  const sockets = createLiveSockets({
    db,
    log: app.log,
    timings,
    metrics: app.deps.metrics,
    // Decision 038: the clock counts while the candidate's channel is open here.
    clocks: {
      renew: (ids) => renewHolds(db, ids, now()),
      release: (id) => releaseHold(db, id, now()),
    },
  });
  // No jitter: a socket answers each ping before the next, and a session that ended closes its
  // sockets within sessionCheckEveryMs, as the protocol says.
  scheduleLoop(app, {
    name: 'live socket pings',
    everyMs: timings.pingEveryMs,
    jitter: 0,
    exclusive: false,
    run: sockets.heartbeat,
  });
  scheduleLoop(app, {
    name: 'live socket sessions',
    everyMs: timings.sessionCheckEveryMs,
    jitter: 0,
    exclusive: false,
    run: sockets.checkSessions,
  });
  scheduleLoop(app, {
    name: 'live attempt clocks',
    everyMs: options.renewClocksEveryMs ?? ATTEMPT_CLOCK.renewEveryMs,
    exclusive: false,
    run: sockets.renewHolds,
  });
  closeLiveSocketsGoingAway(app);
  // The clocks of the sockets closed on the way out are stopped before the database closes.
  app.addHook('onClose', async () => {
    await sockets.settled();
  });
  await app.register(liveRoutes, {
    prefix: '/api',
    deps: options.deps,
    speech: options.speech,
    sockets,
  });
  return {
    /** The attempt's report reached a final status: its sockets open here hear so. */
    reportSettled(interviewId: string, reportStatus: ReportStatus) {
      sockets.notifyAttempt(interviewId, { type: 'report', reportStatus });
    },
  };
}
