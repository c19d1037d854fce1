import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ATTEMPT_LIMITS,
  LIMITS,
  MESSAGE_LIMIT_MESSAGE,
  type ParsedClientFrame,
  type ReportStatus,
  type ServerFrame,
} from '@candor/shared';
import type { AiProvider } from '../../ai/provider';
import type { Db } from '../../db/client';
import { interviews, reports, type MessageMeta } from '../../db/schema';
import { answerWindow, completionReason } from '../../engine/completion';
import { MESSAGES, tooLate } from '../../engine/messages';
import { flowOf, readEngineState } from '../../engine/state';
import {
  afterCompletionMessage,
  decideAnswer,
  decideIntro,
  decideTimeUp,
  type TurnContext,
  type TurnDecision,
} from '../../engine/turn';
import { AppError } from '../../errors';
import { generateAndStore, settleOwedReply, streamStored, whenNoReplyOwed } from './ai-reply';
import {
  appendMessage,
  findMessage,
  loadDetail,
  loadMessages,
  toConversationMessage,
  type InterviewRow,
  type MessageRow,
  type Tx,
} from './repository';
import { claimReply, lockTurn, type ReplyClaim, type TurnQueue } from './turns';

/**
 * The live interview: start, answer, time-up and end, each a short transaction holding the
 * attempt's row lock (so sequence numbers and engine state never interleave across processes),
 * with the slow part (the AI reply) streamed outside it under a claim the database holds
 * (turns.ts): while a reply is owed, every other turn first waits for it (or produces it, when
 * its producer died). Frames go out through `emit`; `alive` says whether anyone still listens.
 */

export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface SessionDeps {
  db: Db;
  provider: AiProvider;
  log: Logger;
  now: () => Date;
  /** Starts report generation for an ended attempt (in the background). */
  onEnded: (interviewId: string, userId: string) => void;
  /** This process's queue of turns per attempt. */
  turns: TurnQueue;
}

export type Emit = (frame: ServerFrame) => void;
export type Alive = () => boolean;
const always: Alive = () => true;
type AnswerFrame = Extract<ParsedClientFrame, { type: 'answer' }>;

export function turnContext(row: InterviewRow, now: Date): TurnContext {
  return {
    flow: flowOf(row.type),
    title: row.title,
    durationMinutes: row.duration,
    questions: row.questions,
    startedAt: row.startedAt,
    now,
    state: readEngineState(row.engineState),
  };
}

const isEnded = (row: InterviewRow) => row.status === 'completed' || row.status === 'cancelled';

/** What an answer or end on a cancelled attempt is told: discarded, or closed for being idle. */
export function cancelledMessage(row: InterviewRow): string {
  return row.cancelReason === 'abandoned' ? MESSAGES.abandoned : MESSAGES.cancelled;
}

/** scheduled → in_progress with startedAt (inside the row lock). */
async function markStarted(tx: Tx, row: InterviewRow, now: Date): Promise<InterviewRow> {
  if (row.status !== 'scheduled') return row;
  const [updated] = await tx
    .update(interviews)
    .set({ status: 'in_progress', startedAt: row.startedAt ?? now })
    .where(eq(interviews.id, row.id))
    .returning();
  return updated!;
}

/** Marks the attempt as used now (inside the row lock): the idle sweep leaves it alone. */
async function touch(tx: Tx, row: InterviewRow, now: Date): Promise<InterviewRow> {
  const [updated] = await tx
    .update(interviews)
    .set({ updatedAt: now })
    .where(eq(interviews.id, row.id))
    .returning();
  return updated ?? row;
}

/** Stores an engine decision's words (inside the lock) and the new state. */
async function storeDecision(
  tx: Tx,
  row: InterviewRow,
  decision: Extract<TurnDecision, { kind: 'say' }>,
  now: Date,
): Promise<MessageRow> {
  const meta: MessageMeta =
    decision.questionIndex !== undefined ? { questionIndex: decision.questionIndex } : {};
  const message = await appendMessage(tx, row.id, {
    id: randomUUID(),
    speaker: 'AI',
    message: decision.text,
    meta,
    timestamp: now,
  });
  await tx.update(interviews).set({ engineState: decision.state }).where(eq(interviews.id, row.id));
  return message;
}

/** `start`: the conversation so far; on a fresh attempt, in_progress and the introduction. */
export function startSession(
  deps: SessionDeps,
  userId: string,
  id: string,
  emit: Emit,
  alive: Alive = always,
) {
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await deps.db.transaction(async (tx) => {
      const locked = await lockTurn(tx, userId, id);
      let row = locked.row;
      const messages = await loadMessages(tx, id);
      const none = { said: null, decision: null, claim: null, owedAfter: null };
      if (isEnded(row)) return { row, ...none };
      // Opening an attempt is activity: a resumed attempt is never closed as abandoned under the
      // candidate (the idle sweep reads updated_at and the latest message).
      row =
        row.status === 'scheduled' ? await markStarted(tx, row, now) : await touch(tx, row, now);
      // A reply another turn owes (here or in another process): waited for, or taken over.
      if (locked.owed !== 'none') return { row, ...none, owedAfter: row.replyAfter ?? 0 };
      if (messages.length > 0) {
        // A reply lost to a crash (the answer is the last message) is produced now.
        const last = messages.at(-1)!;
        const lost = last.speaker === 'User' && flowOf(row.type) === 'topic-based';
        return { row, ...none, claim: lost ? await claimReply(tx, id, last.seq) : null };
      }
      const decision = decideIntro(turnContext(row, now));
      const said = decision.kind === 'say' ? await storeDecision(tx, row, decision, now) : null;
      const claim = decision.kind === 'generate' ? await claimReply(tx, id, 0) : null;
      return { row, said, decision, claim, owedAfter: null };
    });
    const detail = await loadDetail(deps.db, result.row);
    const before = result.said
      ? detail.conversation.filter((m) => m.id !== result.said!.id)
      : detail.conversation;
    emit({ type: 'state', interview: { ...detail, conversation: before }, messages: before });
    if (result.said) streamStored(result.said, emit);
    if (result.decision?.kind === 'say' && result.decision.completes) {
      emit({ type: 'completed', reason: result.decision.completes });
    }
    if (result.claim) await generateAndStore(deps, userId, result.row, result.claim, emit, alive);
    else if (result.owedAfter !== null) {
      await settleOwedReply(deps, userId, id, result.owedAfter, emit, alive);
    }
  });
}

/** `answer`: stored at once and acknowledged, then the interviewer's reply. */
export function answerSession(
  deps: SessionDeps,
  userId: string,
  id: string,
  frame: AnswerFrame,
  emit: Emit,
  alive: Alive = always,
) {
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await whenNoReplyOwed(deps, userId, id, emit, alive, () =>
      deps.db.transaction(async (tx) => {
        const locked = await lockTurn(tx, userId, id);
        let row = locked.row;
        const existing = await findMessage(tx, frame.id);
        if (existing) {
          if (existing.interviewId !== id) return { kind: 'conflict' as const };
          const messages = await loadMessages(tx, id);
          const next = messages.find((m) => m.seq === existing.seq + 1);
          return { kind: 'duplicate' as const, row, existing, next, last: messages.at(-1) };
        }
        if (isEnded(row)) return { kind: 'ended' as const, row };
        if (locked.owed !== 'none') return { kind: 'owed' as const, after: row.replyAfter ?? 0 };
        if (answerWindow(row.startedAt, row.duration, now) === 'closed') {
          // Past the grace period: not stored. The time-up message is said now if nobody said it.
          const timeUp = decideTimeUp(turnContext(row, now));
          const said = timeUp ? await storeDecision(tx, row, timeUp, now) : null;
          return { kind: 'too-late' as const, said };
        }
        if (locked.lastSeq >= ATTEMPT_LIMITS.messagesMax) return { kind: 'full' as const };
        row = await markStarted(tx, row, now);
        const state = readEngineState(row.engineState);
        const meta: MessageMeta = { mode: frame.mode };
        // After the time-up message, within the grace period: it answers the last question asked.
        if (state.completed && state.completionReason === 'time-up') meta.late = true;
        if (frame.confidence !== undefined) meta.confidence = frame.confidence;
        if (frame.startedAt !== undefined) meta.startedAt = frame.startedAt;
        if (frame.endedAt !== undefined) meta.endedAt = frame.endedAt;
        if (frame.segments !== undefined) meta.segments = frame.segments;
        const message = await appendMessage(tx, id, {
          id: frame.id,
          speaker: 'User',
          message: frame.text,
          meta,
          timestamp: now,
        });
        const decision = decideAnswer(turnContext(row, now), frame.text);
        const said = decision.kind === 'say' ? await storeDecision(tx, row, decision, now) : null;
        const claim: ReplyClaim | null =
          decision.kind === 'generate' ? await claimReply(tx, id, message.seq) : null;
        return { kind: 'stored' as const, row, message, decision, said, claim };
      }),
    );
    if (result === null) return;

    if (result.kind === 'conflict') {
      emit({
        type: 'error',
        code: 'conflict',
        id: frame.id,
        message: 'This answer id is already used',
      });
      return;
    }
    if (result.kind === 'ended') {
      const ctx = turnContext(result.row, now);
      const text =
        result.row.status === 'cancelled'
          ? cancelledMessage(result.row)
          : afterCompletionMessage(ctx, ctx.state.completionReason ?? 'questions-exhausted');
      emit({ type: 'error', code: 'interview_ended', id: frame.id, message: text });
      return;
    }
    if (result.kind === 'full') {
      emit({
        type: 'error',
        code: 'interview_ended',
        id: frame.id,
        message: MESSAGE_LIMIT_MESSAGE,
      });
      return;
    }
    if (result.kind === 'too-late') {
      emit({
        type: 'error',
        code: 'interview_ended',
        id: frame.id,
        message: tooLate(LIMITS.answerGraceSeconds),
      });
      if (result.said) {
        streamStored(result.said, emit);
        emit({ type: 'completed', reason: 'time-up' });
      }
      return;
    }
    if (result.kind === 'duplicate') {
      emit({ type: 'ack', id: frame.id, seq: result.existing.seq });
      if (result.next?.speaker === 'AI') {
        emit({ type: 'reply.end', message: toConversationMessage(result.next) });
      } else if (result.last?.id === result.existing.id && !isEnded(result.row)) {
        await settleOwedReply(deps, userId, id, result.existing.seq, emit, alive);
      }
      return;
    }
    emit({ type: 'ack', id: frame.id, seq: result.message.seq });
    if (result.said) {
      streamStored(result.said, emit);
      if (result.decision.kind === 'say' && result.decision.completes) {
        emit({ type: 'completed', reason: result.decision.completes });
      }
      return;
    }
    if (result.claim) await generateAndStore(deps, userId, result.row, result.claim, emit, alive);
  });
}

/** Called by the connection's timer: says the time-up message once, when time ran out. */
export function timeUpSession(
  deps: SessionDeps,
  userId: string,
  id: string,
  emit: Emit,
  alive: Alive = always,
) {
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await whenNoReplyOwed(deps, userId, id, emit, alive, () =>
      deps.db.transaction(async (tx) => {
        const { row, owed } = await lockTurn(tx, userId, id);
        if (row.status !== 'in_progress') return { kind: 'done' as const, said: null };
        if (owed !== 'none') return { kind: 'owed' as const, after: row.replyAfter ?? 0 };
        const decision = decideTimeUp(turnContext(row, now));
        const said = decision?.kind === 'say' ? await storeDecision(tx, row, decision, now) : null;
        return { kind: 'done' as const, said };
      }),
    );
    if (result?.said) {
      streamStored(result.said, emit);
      emit({ type: 'completed', reason: 'time-up' });
    }
  });
}

export const NOT_COMPLETE = new AppError(409, MESSAGES.notYetComplete);

/**
 * Ends the attempt: completed with completedAt, report row pending, generation started.
 * Refuses with 'Interview is not yet complete' unless the engine decided so, time ran out, or
 * the candidate confirmed ending early. A reply still owed is settled first, so the report reads
 * the whole conversation.
 */
export function endSession(
  deps: SessionDeps,
  userId: string,
  id: string,
  early: boolean,
  emit: Emit = () => undefined,
): Promise<{ reportStatus: ReportStatus }> {
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await whenNoReplyOwed(deps, userId, id, emit, always, () =>
      deps.db.transaction(async (tx) => {
        const { row, owed } = await lockTurn(tx, userId, id);
        if (row.status === 'cancelled') throw new AppError(409, cancelledMessage(row));
        if (row.status === 'completed') {
          const [report] = await tx
            .select({ status: reports.status })
            .from(reports)
            .where(eq(reports.interviewId, id));
          // Ending again retries a report that failed (or was never created).
          if (!report || report.status === 'failed') {
            await tx
              .insert(reports)
              .values({ interviewId: id, userId: row.userId, status: 'pending' })
              .onConflictDoUpdate({
                target: reports.interviewId,
                set: { status: 'pending', error: null },
              });
            return { kind: 'done' as const, reportStatus: 'pending' as const, started: true };
          }
          return { kind: 'done' as const, reportStatus: report.status, started: false };
        }
        if (owed !== 'none') return { kind: 'owed' as const, after: row.replyAfter ?? 0 };
        const ctx = turnContext(row, now);
        const reason = completionReason({ ...ctx, questionCount: ctx.questions.length });
        if (reason === null && !early) throw NOT_COMPLETE;
        const state = {
          ...ctx.state,
          completed: true,
          completionReason: reason ?? ('ended-early' as const),
        };
        await tx
          .update(interviews)
          .set({
            status: 'completed',
            completedAt: now,
            startedAt: row.startedAt ?? now,
            engineState: state,
          })
          .where(eq(interviews.id, id));
        await tx
          .insert(reports)
          .values({ interviewId: id, userId: row.userId, status: 'pending' })
          .onConflictDoNothing();
        return { kind: 'done' as const, reportStatus: 'pending' as const, started: true };
      }),
    );
    // `always` listens: the turn ran.
    const { reportStatus, started } = result!;
    if (started) deps.onEnded(id, userId);
    return { reportStatus };
  });
}
