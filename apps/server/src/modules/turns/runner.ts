import { eq } from 'drizzle-orm';
import {
  ATTEMPT_LIMITS,
  LIMITS,
  MESSAGE_LIMIT_MESSAGE,
  timeLeftMs,
  type ParsedClientFrame,
  type ServerFrame,
} from '@candor/shared';
import { interviews, type MessageMeta } from '../../db/schema';
import { answerWindow, elapsedMs } from '../../engine/completion';
import { tooLate } from '../../engine/messages';
import { flowOf, readEngineState } from '../../engine/state';
import {
  afterCompletionMessage,
  decideAnswer,
  decideIntro,
  decideTimeUp,
  type TurnDecision,
} from '../../engine/turn';
import {
  appendMessage,
  clockOf,
  clockWrite,
  reportSummary,
  toConversationMessage,
  toDetail,
  type InterviewRow,
  type MessageRow,
  type Tx,
} from '../interviews';
import { fixedAnswerFacts, lastQuestion, questionHeard } from './answer-facts';
import { timingFirstWords, type Channel } from './channel';
import {
  appendAnswerClaimingReply,
  claimReply,
  lockTurn,
  type LockedTurn,
  type ReplyClaim,
} from './claims';
import { codingTurnFacts } from './coding-facts';
import { designTurnFacts } from './design-facts';
import { cancelledMessage, isEnded, turnContext, type TurnDeps } from './context';
import { storeDecision } from './decisions';
import { announceJoin, announceJoinedBefore, joinTarget, joinedBefore, storeJoin } from './join';
import { generateAndStore, sayStored, settleOwedReply, whenNoReplyOwed } from './replies';

/**
 * The turns of the live interview: start, answer and time-up, each a short transaction holding
 * the attempt's row lock (so sequence numbers and engine state never interleave across
 * processes), with the slow part (the AI reply, replies.ts) streamed outside it under a claim the
 * database holds (claims.ts): while a reply is owed, every other turn first waits for it (or
 * produces it, when its producer died). An interrupt is not a turn: it stops the reply it names
 * at once (its AbortController) and records what was heard (interrupt.ts). Frames go out through
 * the turn's channel (channel.ts); its signal says when nobody listens any more. Ending the
 * attempt and the REST save take their turns too (modules/attempts: lifecycle.ts, save.ts).
 */

type AnswerFrame = Extract<ParsedClientFrame, { type: 'answer' }>;
type AnswerRefusal = Extract<ServerFrame, { type: 'error' }>['code'];

/**
 * scheduled → in_progress with startedAt (inside the row lock); the live channel that started it
 * holds its clock from now (decision 038).
 */
async function markStarted(tx: Tx, row: InterviewRow, now: Date): Promise<InterviewRow> {
  if (row.status !== 'scheduled') return row;
  const startedAt = row.startedAt ?? now;
  const [updated] = await tx
    .update(interviews)
    .set({ status: 'in_progress', startedAt, ...clockWrite({ ...row, startedAt }, now, 'arrived') })
    .where(eq(interviews.id, row.id))
    .returning();
  return updated!;
}

/**
 * The candidate is back in the interview (inside the row lock): the idle sweep leaves the attempt
 * alone, and the clock runs again from now with the time it had counted (decision 038).
 */
async function arrive(tx: Tx, row: InterviewRow, now: Date): Promise<InterviewRow> {
  const clock = row.status === 'in_progress' ? clockWrite(row, now, 'arrived') : {};
  const [updated] = await tx
    .update(interviews)
    .set({ updatedAt: now, ...clock })
    .where(eq(interviews.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * Stores what time-up decided (inside the lock): its words, or only the completed state when the
 * interviewer had already said goodbye. The message stored, if any.
 */
async function storeTimeUp(
  tx: Tx,
  row: InterviewRow,
  decision: Extract<TurnDecision, { kind: 'say' | 'close' }>,
  now: Date,
): Promise<MessageRow | null> {
  if (decision.kind === 'say') return storeDecision(tx, row, decision, now);
  await tx.update(interviews).set({ engineState: decision.state }).where(eq(interviews.id, row.id));
  return null;
}

type SessionOver = {
  kind: 'session-over';
  state: Parameters<NonNullable<Channel['session']>['over']>[0];
};

/**
 * The lock a start or an answer takes, in one statement (claims.ts): the attempt's row and its
 * conversation, and whether the socket's session still stands. When it does not (signed out,
 * expired, disabled), the turn takes nothing: `session-over`, for `closedSession` to act on.
 */
async function lockConversation(
  tx: Tx,
  userId: string,
  id: string,
  channel: Channel,
  messageId?: string,
): Promise<SessionOver | { kind: 'locked'; locked: LockedTurn; messages: MessageRow[] }> {
  const locked = await lockTurn(tx, userId, id, {
    messageId,
    sessionId: channel.session?.id,
    conversation: true,
  });
  if (locked.session !== undefined && locked.session !== 'active') {
    return { kind: 'session-over', state: locked.session };
  }
  return { kind: 'locked', locked, messages: locked.conversation! };
}

/** Closes the socket of a turn whose session was over; true when it was (the turn is done). */
function closedSession<T extends { kind: string }>(
  channel: Channel,
  result: T | SessionOver,
): result is SessionOver {
  if (result.kind !== 'session-over') return false;
  channel.session?.over((result as SessionOver).state);
  return true;
}

/** `start`: the conversation so far; on a fresh attempt, in_progress and the introduction. */
export function startTurn(deps: TurnDeps, userId: string, id: string, channel: Channel) {
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await deps.db.transaction(async (tx) => {
      const turn = await lockConversation(tx, userId, id, channel);
      if (turn.kind === 'session-over') return turn;
      const { locked, messages } = turn;
      let row = locked.row;
      const none = { kind: 'started' as const, messages, said: null, decision: null, claim: null };
      if (isEnded(row)) return { ...none, row, owedAfter: null };
      // Opening an attempt is activity: a resumed attempt is never closed as abandoned under the
      // candidate (the idle sweep reads updated_at and the latest message).
      row =
        row.status === 'scheduled' ? await markStarted(tx, row, now) : await arrive(tx, row, now);
      // A reply another turn owes (here or in another process): waited for, or taken over.
      if (locked.owed !== 'none') return { ...none, row, owedAfter: row.replyAfter ?? 0 };
      if (messages.length > 0) {
        // A reply lost to a crash (the answer is the last message) is produced now.
        const last = messages.at(-1)!;
        const lost = last.speaker === 'User' && flowOf(row.type) === 'topic-based';
        const claim = lost ? await claimReply(tx, id, last.seq) : null;
        return { ...none, row, claim, owedAfter: null };
      }
      const decision = decideIntro(turnContext(row, now));
      const said = decision.kind === 'say' ? await storeDecision(tx, row, decision, now) : null;
      const claim = decision.kind === 'generate' ? await claimReply(tx, id, 0) : null;
      return { ...none, row, said, decision, claim, owedAfter: null };
    });
    if (closedSession(channel, result)) return;
    // The conversation read under the lock, before the introduction this turn may have said.
    const detail = toDetail(result.row, result.messages, await reportSummary(deps.db, id), now);
    channel.emit({ type: 'state', interview: detail, messages: detail.conversation });
    if (result.said && result.decision?.kind === 'say') {
      sayStored(channel.emit, result.said, result.decision.completes);
    }
    if (result.claim) {
      await generateAndStore(deps, userId, result.row, result.claim, channel, result.messages);
    } else if (result.owedAfter !== null) {
      await settleOwedReply(deps, userId, id, result.owedAfter, channel);
    }
  });
}

/** `answer`: stored at once and acknowledged, then the interviewer's reply. */
export function answerTurn(
  deps: TurnDeps,
  userId: string,
  id: string,
  frame: AnswerFrame,
  channel: Channel,
) {
  const { emit } = channel;
  const received = performance.now();
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await whenNoReplyOwed(deps, userId, id, channel, () =>
      deps.db.transaction(async (tx) => {
        // One statement reads everything the turn decides on (claims.ts).
        const turn = await lockConversation(tx, userId, id, channel, frame.id);
        if (turn.kind === 'session-over') return turn;
        const { locked, messages } = turn;
        let row = locked.row;
        if (locked.existing) {
          if (locked.existing.interviewId !== id) return { kind: 'conflict' as const };
          const { seq } = locked.existing;
          const existing = messages.find((m) => m.seq === seq)!;
          const next = messages.find((m) => m.seq === seq + 1);
          return { kind: 'duplicate' as const, row, existing, next, last: messages.at(-1) };
        }
        // Words that went on from an answer, sent again: they are in that answer already.
        const into = joinedBefore(messages, frame.id);
        if (into) return { kind: 'joined-before' as const, into, last: messages.at(-1)! };
        if (isEnded(row)) return { kind: 'ended' as const, row };
        if (locked.owed !== 'none') return { kind: 'owed' as const, after: row.replyAfter ?? 0 };
        if (answerWindow(clockOf(row), row.duration, now) === 'closed') {
          // Past the grace period: not stored. The time-up message is said now if nobody said it
          // (and the interviewer had not said goodbye already).
          const timeUp = decideTimeUp(turnContext(row, now, messages));
          const said = timeUp ? await storeTimeUp(tx, row, timeUp, now) : null;
          return { kind: 'too-late' as const, said, completes: timeUp?.completes };
        }
        if (locked.lastSeq >= ATTEMPT_LIMITS.messagesMax) return { kind: 'full' as const };
        // Words that go on from an answer nothing of whose reply was heard join it (join.ts).
        const target = joinTarget(row, messages, frame);
        if (target) return storeJoin(tx, row, messages, locked.lastSeq, target, frame, now);
        // The attempt's credit, with its first answer (nothing is written when none is left).
        const refused = await deps.credits.firstAnswer(tx, row, now);
        if (refused) return { kind: 'no-credits' as const, message: refused.message };
        row = await markStarted(tx, row, now);
        const state = readEngineState(row.engineState);
        const meta: MessageMeta = { mode: frame.mode };
        // After the time-up message, within the grace period: it answers the last question asked.
        if (state.completed && state.completionReason === 'time-up') meta.late = true;
        if (frame.confidence !== undefined) meta.confidence = frame.confidence;
        if (frame.startedAt !== undefined) meta.startedAt = frame.startedAt;
        if (frame.endedAt !== undefined) meta.endedAt = frame.endedAt;
        if (frame.segments !== undefined) meta.segments = frame.segments;
        const coding = await codingTurnFacts(tx, row, messages);
        const design = coding ? undefined : await designTurnFacts(tx, row, messages, frame.text);
        const decision = decideAnswer(
          {
            ...turnContext(row, now, messages),
            coding,
            design,
            answer: coding || design ? undefined : fixedAnswerFacts(row, messages, frame.text),
            lastQuestion: lastQuestion(messages),
            questionHeard: questionHeard(row, messages),
            ...(frame.startedAt !== undefined && frame.endedAt !== undefined
              ? { answerSeconds: Math.max(0, (frame.endedAt - frame.startedAt) / 1000) }
              : {}),
          },
          frame.text,
        );
        const answer = { id: frame.id, message: frame.text, meta, timestamp: now };
        let message: MessageRow;
        let claim: ReplyClaim | null = null;
        if (decision.kind === 'generate') {
          // The answer and the claim on its reply in one statement, at the next position.
          ({ message, claim } = await appendAnswerClaimingReply(
            tx,
            id,
            locked.lastSeq + 1,
            answer,
          ));
        } else {
          message = await appendMessage(tx, id, { ...answer, speaker: 'User' });
        }
        const said =
          decision.kind === 'say' ? await storeDecision(tx, row, decision, now, true) : null;
        const conversation = [...messages, message];
        return { kind: 'stored' as const, row, message, decision, said, claim, conversation };
      }),
    );
    if (result === null || closedSession(channel, result)) return;
    /** The answer was not taken: the error frame names it. */
    const refuse = (code: AnswerRefusal, message: string) =>
      emit({ type: 'error', code, id: frame.id, message });
    if (result.kind === 'conflict') {
      refuse('conflict', 'This answer id is already used');
      return;
    }
    if (result.kind === 'ended') {
      const ctx = turnContext(result.row, now);
      const text =
        result.row.status === 'cancelled'
          ? cancelledMessage(result.row)
          : afterCompletionMessage(ctx, ctx.state.completionReason ?? 'questions-exhausted');
      refuse('interview_ended', text);
      return;
    }
    if (result.kind === 'no-credits') {
      refuse('credits_exhausted', result.message);
      return;
    }
    if (result.kind === 'full') {
      refuse('interview_ended', MESSAGE_LIMIT_MESSAGE);
      return;
    }
    if (result.kind === 'too-late') {
      refuse('interview_ended', tooLate(LIMITS.answerGraceSeconds));
      sayStored(emit, result.said, result.completes);
      return;
    }
    if (result.kind === 'joined') {
      await announceJoin(deps, userId, result, frame, channel, received);
      return;
    }
    if (result.kind === 'joined-before') {
      await announceJoinedBefore(deps, userId, id, result.into, result.last, frame, channel);
      return;
    }
    if (result.kind === 'duplicate') {
      emit({ type: 'ack', id: frame.id, seq: result.existing.seq });
      if (result.next?.speaker === 'AI') {
        emit({ type: 'reply.end', message: toConversationMessage(result.next) });
      } else if (result.last?.id === result.existing.id && !isEnded(result.row)) {
        await settleOwedReply(deps, userId, id, result.existing.seq, channel);
      }
      return;
    }
    deps.metrics.answerStored();
    emit({ type: 'ack', id: frame.id, seq: result.message.seq });
    if (result.said && result.decision.kind === 'say') {
      sayStored(emit, result.said, result.decision.completes);
      return;
    }
    if (result.claim) {
      const timed = timingFirstWords(channel, received, deps.metrics.firstReplyToken);
      await generateAndStore(
        deps,
        userId,
        result.row,
        result.claim,
        timed,
        result.conversation,
        frame.id,
      );
    }
  });
}

/**
 * Called by the connection's timer: says the time-up message once, when time ran out (or, after
 * the interviewer's goodbye, only that the interview is complete). Answers how much interview time
 * is still left when it is not up yet (the clock counted less than the timer waited: the timer
 * is set again), else null.
 */
export function timeUpTurn(
  deps: TurnDeps,
  userId: string,
  id: string,
  channel: Channel,
): Promise<number | null> {
  return deps.turns.run(id, async () => {
    const now = deps.now();
    const result = await whenNoReplyOwed(deps, userId, id, channel, () =>
      deps.db.transaction(async (tx) => {
        const { row, owed, conversation } = await lockTurn(tx, userId, id, { conversation: true });
        const none = { kind: 'done' as const, said: null, completes: undefined, left: null };
        if (row.status !== 'in_progress') return none;
        if (owed !== 'none') return { kind: 'owed' as const, after: row.replyAfter ?? 0 };
        const ctx = turnContext(row, now, conversation);
        const decision = decideTimeUp(ctx);
        if (!decision) {
          const left = ctx.state.completed
            ? null
            : timeLeftMs(row.duration, elapsedMs(ctx.clock, now));
          return { ...none, left };
        }
        const said = await storeTimeUp(tx, row, decision, now);
        return { ...none, said, completes: decision.completes };
      }),
    );
    if (!result) return null;
    sayStored(channel.emit, result.said, result.completes);
    return result.left;
  });
}
