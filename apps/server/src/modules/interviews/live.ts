import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  ACCOUNT_DISABLED,
  ANSWER_FAILED_MESSAGE,
  clientFrameSchema,
  type ServerFrame,
} from '@candor/shared';
import { accountIsActive } from '../../auth/account-status';
import { MESSAGES } from '../../engine/messages';
import { readEngineState } from '../../engine/state';
import { AppError } from '../../errors';
import type { ReportJobs } from '../reports/jobs';
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
 * duration runs out while the candidate is connected.
 */
export function handleLiveConnection(options: {
  socket: WebSocket;
  deps: SessionDeps;
  jobs: ReportJobs;
  /** After every frame and time-up: the attempt may have changed (the read cache listens). */
  onChanged?: (userId: string) => void;
  userId: string;
  interviewId: string;
  log: FastifyBaseLogger;
}) {
  const { socket, deps, jobs, onChanged, userId, interviewId, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let disabled = false;

  const emit = (frame: ServerFrame) => {
    if (!closed && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
  };

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
        timeUpSession(deps, userId, interviewId, emit)
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
    if (disabled) return;
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
    // Deactivated while connected: the next frame (a keep-alive ping at the latest) ends the
    // channel with the reason, as an HTTP request would get it (auth/guards.ts). A failed check
    // (the database down) is reported for this frame, so an answer is re-sent under its id.
    let active: boolean;
    try {
      active = await accountIsActive(deps.db, userId);
    } catch (err) {
      fail(err, frame.type === 'answer' ? frame.id : undefined);
      return;
    }
    if (!active) {
      emit({ type: 'error', code: 'account_disabled', message: ACCOUNT_DISABLED.message });
      disabled = true;
      closed = true;
      clearTimeout(timer);
      socket.close(1008, ACCOUNT_DISABLED.code);
      return;
    }
    switch (frame.type) {
      case 'ping':
        emit({ type: 'pong' });
        return;
      case 'start':
        await startSession(deps, userId, interviewId, emit);
        await scheduleTimeUp();
        return;
      case 'answer':
        try {
          await answerSession(deps, userId, interviewId, frame, emit);
        } catch (err) {
          fail(err, frame.id);
          return;
        }
        // The deadline is fixed once the attempt started; the timer's own run re-checks the state.
        if (timer === undefined) await scheduleTimeUp();
        return;
      case 'end': {
        const { reportStatus } = await endSession(deps, userId, interviewId, frame.early ?? false);
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
