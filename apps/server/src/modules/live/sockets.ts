import type { WebSocket } from 'ws';
import { LIVE_LIMITS, type LiveCloseKind, type ServerFrame } from '@candor/shared';
import type { Db } from '../../db/client';
import { sessionStates, type SessionState } from '../../platform/auth/session-states';
import type { Logger } from '../../platform/logger';
import type { Metrics } from '../../platform/metrics/metrics';

/**
 * The live sockets open in this process, each with a cap, a timeout and a lifetime (decision 018):
 * - caps: at most LIVE_LIMITS.socketsPerAttempt per attempt and socketsPerUser per account; a new
 *   socket past a cap closes the oldest (REPLACED: the newest is the tab in front of the candidate);
 * - timeout: the server pings every `pingEveryMs`; a socket that has not answered the previous
 *   ping by the next one is dropped (browsers answer pings by themselves, even in a hidden tab);
 * - lifetime: a socket open `lifetimeMs` is closed (LIFETIME; the client reconnects);
 * - the report: when an attempt's report is ready, each of its sockets here is sent `report`;
 * - sessions: every `sessionCheckEveryMs` one query re-reads the sessions of all open sockets, so
 *   a socket closes within that long after its session ended (sign-out, password change or reset,
 *   revocation, expiry) or its account was deactivated, on whichever process ended it. Every frame
 *   re-checks its own session too (connection.ts; `start` and `answer` in the statement that locks
 *   the attempt), so nothing is stored once the session is over;
 * - the interview clock (decision 038): a socket that started its attempt holds the attempt's
 *   clock; `renewHolds` renews the holds of all of them (every ATTEMPT_CLOCK.renewEveryMs, one
 *   statement), and when the last such socket of an attempt here closes, its clock stops.
 */

export interface LiveTimings {
  pingEveryMs: number;
  sessionCheckEveryMs: number;
  lifetimeMs: number;
}

export const LIVE_TIMINGS: LiveTimings = {
  pingEveryMs: LIVE_LIMITS.pingEveryMs,
  sessionCheckEveryMs: LIVE_LIMITS.sessionCheckEveryMs,
  lifetimeMs: LIVE_LIMITS.lifetimeMs,
};

export interface LiveSocket {
  socket: WebSocket;
  userId: string;
  interviewId: string;
  sessionId: string;
  /** Closes the socket for this reason (with whatever the client is told first). */
  end(kind: LiveCloseKind): void;
  /** Sends a frame after those the socket is already sending (the `report` frame). */
  notify(frame: ServerFrame): void;
}

interface Entry extends LiveSocket {
  openedAt: number;
  /** Answered the last ping (or just opened). */
  answered: boolean;
  /** Started its attempt (`start`): it holds the attempt's clock. */
  arrived: boolean;
}

const CLOSE_FOR: Record<Exclude<SessionState, 'active'>, LiveCloseKind> = {
  ended: 'sessionEnded',
  disabled: 'accountDisabled',
};

/**
 * The registry of this process's live sockets. Its two loops (`heartbeat` every `pingEveryMs`,
 * `checkSessions` every `sessionCheckEveryMs`) are run by the app's scheduler (plugin.ts).
 */
export function createLiveSockets(deps: {
  db: Db;
  log: Logger;
  timings?: Partial<LiveTimings>;
  metrics?: Pick<Metrics, 'liveSocketOpened' | 'liveSocketClosed'>;
  /** How sessions are looked up (sessionStates on `db`; tests hold the answer back). */
  lookUp?: (ids: string[]) => Promise<Map<string, SessionState>>;
  /** The clocks of attempts whose sockets here started them: renewed, and stopped (plugin.ts). */
  clocks?: {
    renew(interviewIds: string[]): Promise<void>;
    release(interviewId: string): Promise<void>;
  };
}) {
  const timings = { ...LIVE_TIMINGS, ...deps.timings };
  const lookUp = deps.lookUp ?? ((ids: string[]) => sessionStates(deps.db, ids));
  // Insertion order is age order: the first match is the oldest.
  const entries = new Set<Entry>();
  /** Clocks being stopped: the app waits for them when it closes. */
  const releasing = new Set<Promise<void>>();

  /** The last socket here that held its attempt's clock closed: the clock stops. */
  const left = (entry: Entry) => {
    if (!entry.arrived || !deps.clocks) return;
    const held = [...entries].some((e) => e.arrived && e.interviewId === entry.interviewId);
    if (held) return;
    const done = deps.clocks
      .release(entry.interviewId)
      .catch((err: unknown) =>
        deps.log.warn({ err, interviewId: entry.interviewId }, 'could not stop an attempt clock'),
      )
      .finally(() => releasing.delete(done));
    releasing.add(done);
  };

  const drop = (entry: Entry, kind: LiveCloseKind | 'unresponsive') => {
    if (!entries.delete(entry)) return;
    if (kind === 'unresponsive') entry.socket.terminate();
    else entry.end(kind);
  };

  const cap = (match: (e: Entry) => boolean, most: number) => {
    const mine = [...entries].filter(match);
    for (const old of mine.slice(0, Math.max(0, mine.length - most))) drop(old, 'replaced');
  };

  const heartbeat = () => {
    const now = Date.now();
    for (const entry of entries) {
      if (now - entry.openedAt >= timings.lifetimeMs) drop(entry, 'lifetime');
      else if (!entry.answered) drop(entry, 'unresponsive');
      else {
        entry.answered = false;
        entry.socket.ping();
      }
    }
  };

  let checking = false;
  const checkSessions = async () => {
    if (checking || entries.size === 0) return;
    checking = true;
    try {
      // Only the sockets asked about: one opened while the query ran is not in its answer, and
      // must not be taken for a session that is gone (it was closed with SESSION_ENDED at once).
      const asked = [...entries];
      const states = await lookUp([...new Set(asked.map((e) => e.sessionId))]);
      for (const entry of asked) {
        const state = states.get(entry.sessionId) ?? 'ended';
        if (state !== 'active') drop(entry, CLOSE_FOR[state]);
      }
    } catch (err) {
      // The next check tries again; frames are checked one by one meanwhile.
      deps.log.warn({ err }, 'could not re-check the sessions of live sockets');
    } finally {
      checking = false;
    }
  };

  return {
    /** Takes a new socket in; past a cap, the oldest of that attempt or account is closed. */
    add(socket: LiveSocket) {
      const entry: Entry = { ...socket, openedAt: Date.now(), answered: true, arrived: false };
      entries.add(entry);
      deps.metrics?.liveSocketOpened();
      socket.socket.on('pong', () => (entry.answered = true));
      socket.socket.on('close', () => {
        entries.delete(entry);
        deps.metrics?.liveSocketClosed();
        left(entry);
      });
      cap((e) => e.interviewId === entry.interviewId, LIVE_LIMITS.socketsPerAttempt);
      cap((e) => e.userId === entry.userId, LIVE_LIMITS.socketsPerUser);
    },
    /** Tells every socket of the attempt open here (the report is ready). */
    notifyAttempt(interviewId: string, frame: ServerFrame) {
      for (const entry of entries) if (entry.interviewId === interviewId) entry.notify(frame);
    },
    /** The socket started its attempt: it holds the attempt's clock from now on. */
    arrived(socket: WebSocket) {
      for (const entry of entries) if (entry.socket === socket) entry.arrived = true;
    },
    /** Renews the clocks held by this process's sockets (one statement for all of them). */
    async renewHolds() {
      const held = new Set([...entries].filter((e) => e.arrived).map((e) => e.interviewId));
      if (held.size > 0) await deps.clocks?.renew([...held]);
    },
    /** Waits for the clocks being stopped (the app is closing). */
    async settled() {
      await Promise.allSettled([...releasing]);
    },
    /** Pings every socket; drops one that did not answer the last ping, or past its lifetime. */
    heartbeat,
    /** Re-checks every open socket's session now. */
    checkSessions,
    get size() {
      return entries.size;
    },
  };
}
export type LiveSockets = ReturnType<typeof createLiveSockets>;
