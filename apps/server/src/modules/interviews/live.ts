import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ACCOUNT_DISABLED,
  ANSWER_FAILED_MESSAGE,
  LIVE_CLOSE,
  clientFrameSchema,
  type LiveCloseKind,
  type ServerFrame,
} from '@candor/shared';
import { MESSAGES } from '../../engine/messages';
import { readEngineState } from '../../engine/state';
import { AppError } from '../../errors';
import type { ReportJobs } from '../reports/jobs';
import { sessionStates, type LiveSockets, type SessionState } from './live-sockets';
import { loadOwned } from './repository';
import {
  answerSession,
  endSession,
  startSession,
  timeUpSession,
  type SessionDeps,
} from './session';

/** setTimeout's ceiling (about 24.8 days); durations are at most two hours anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * One live connection: parses every frame with zod (a bad frame gets an error frame, never a
 * crash), runs the session operation, and keeps a timer that announces time-up when the attempt's
 * duration runs out while the candidate is connected. The socket joins this process's open
 * sockets (caps, pings, lifetime, session checks: live-sockets.ts), and every frame first checks
 * that the session it was opened with is still valid.
 */
export function handleLiveConnection(options: {
  socket: WebSocket;
  deps: SessionDeps;
  jobs: ReportJobs;
  sockets: LiveSockets;
  /** After every frame and time-up: the attempt may have changed (the read cache listens). */
  onChanged?: (userId: string) => void;
  userId: string;
  /** The session the socket was opened with: when it ends, the socket closes. */
  sessionId: string;
  interviewId: string;
  log: FastifyBaseLogger;
}) {
  const { socket, deps, jobs, sockets, onChanged, userId, sessionId, interviewId, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let ended = false;

  const emit = (frame: ServerFrame) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };
  /** Whether anyone still listens: turns waiting for a reply stop waiting when not. */
  const alive = () => !closed && socket.readyState === socket.OPEN;

  /** Closes the channel for good, saying why (the client does not reconnect for these). */
  const end = (kind: LiveCloseKind) => {
    if (ended) return;
    // Deactivated: said as an HTTP request would get it (auth/guards.ts), for clients that read
    // the frame rather than the close reason.
    if (kind === 'accountDisabled') {
      emit({ type: 'error', code: 'account_disabled', message: ACCOUNT_DISABLED.message });
    }
    ended = true;
    closed = true;
    clearTimeout(timer);
    socket.close(LIVE_CLOSE[kind].code, LIVE_CLOSE[kind].reason);
  };
  sockets.add({ socket, userId, interviewId, sessionId, end });

  const scheduleTimeUp = async () => {
    if (closed) return;
    const row = await loadOwned(deps.db, userId, interviewId);
    clearTimeout(timer);
    if (
      row.status !== 'in_progress' ||
      !row.startedAt ||
      readEngineState(row.engineState).completed
    ) {
      return;
    }
    const due = row.startedAt.getTime() + row.duration * 60_000 - deps.now().getTime();
    timer = setTimeout(
      () => {
        timeUpSession(deps, userId, interviewId, emit, alive)
          .catch((err: unknown) => log.error({ err, interviewId }, 'time-up announcement failed'))
          .finally(() => onChanged?.(userId));
      },
      Math.min(MAX_TIMER_MS, Math.max(0, due) + 50),
    );
    timer.unref();
  };

  const fail = (err: unknown, id?: string) => {
    if (err instanceof AppError) {
      const code = err.message === MESSAGES.notYetComplete ? 'not_complete' : 'interview_ended';
      emit({
        type: 'error',
        code: err.statusCode === 409 ? code : 'internal',
        message: err.message,
        id,
      });
      return;
    }
    log.error({ err, interviewId }, 'live frame failed');
    emit({
      type: 'error',
      code: 'internal',
      message: ANSWER_FAILED_MESSAGE,
      id,
    });
  };

  const handle = async (raw: string) => {
    if (ended) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      emit({ type: 'error', code: 'bad_frame', message: 'Frames must be JSON objects' });
      return;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'type';
      emit({
        type: 'error',
        code: 'bad_frame',
        message: `${where}: ${issue?.message ?? 'invalid'}`,
      });
      return;
    }
    const frame = parsed.data;
    // Signed out, password changed, sessions revoked, expired or deactivated since the last
    // frame: nothing more is taken (one indexed query, as the account check it replaces). When
    // the database cannot say, the answer is refused with its id, so the client sends it again.
    let state: SessionState | undefined;
    try {
      state = (await sessionStates(deps.db, [sessionId])).get(sessionId);
    } catch (err) {
      fail(err, frame.type === 'answer' ? frame.id : undefined);
      return;
    }
    if (state !== 'active') {
      end(state === 'disabled' ? 'accountDisabled' : 'sessionEnded');
      return;
    }
    switch (frame.type) {
      case 'ping':
        emit({ type: 'pong' });
        return;
      case 'start':
        await startSession(deps, userId, interviewId, emit, alive);
        await scheduleTimeUp();
        return;
      case 'answer':
        try {
          await answerSession(deps, userId, interviewId, frame, emit, alive);
        } catch (err) {
          fail(err, frame.id);
          return;
        }
        // The deadline is fixed once the attempt started; the timer's own run re-checks the state.
        if (timer === undefined) await scheduleTimeUp();
        return;
      case 'end': {
        const { reportStatus } = await endSession(
          deps,
          userId,
          interviewId,
          frame.early ?? false,
          emit,
        );
        clearTimeout(timer);
        emit({ type: 'ended', interviewId, reportStatus });
        const job = jobs.running(interviewId);
        if (job) void job.then((status) => emit({ type: 'report', reportStatus: status }));
        return;
      }
    }
  };

  // Frames are handled in arrival order; the session serialises turns per attempt anyway.
  let chain = Promise.resolve();
  socket.on('message', (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    const raw = isBinary
      ? ''
      : Array.isArray(data)
        ? Buffer.concat(data).toString()
        : data.toString();
    chain = chain.then(() =>
      handle(raw)
        .catch((err: unknown) => fail(err))
        .finally(() => onChanged?.(userId)),
    );
  });
  socket.on('close', () => {
    closed = true;
    clearTimeout(timer);
  });
  socket.on('error', (err) => log.warn({ err, interviewId }, 'live socket error'));
}
