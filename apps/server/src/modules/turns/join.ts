import { randomUUID } from 'node:crypto';
import { MAX_ANSWER_CHARS, type ParsedClientFrame } from '@candor/shared';
import type { MessageMeta } from '../../db/schema';
import { flowOf } from '../../engine/state';
import { decideAnswer, type TurnDecision } from '../../engine/turn';
import {
  appendMessage,
  toConversationMessage,
  type InterviewRow,
  type MessageRow,
  type Tx,
} from '../interviews';
import { timingFirstWords, type Channel } from './channel';
import { joinAnswerClaimingReply, type ReplyClaim } from './claims';
import { turnContext, type TurnDeps } from './context';
import { storeDecision } from './decisions';
import { generateAndStore, settleOwedReply, streamStored } from './replies';

/**
 * Words that go on from an answer already sent (decision 037; live protocol `continues`): the
 * end-of-turn rules sent the answer, and the candidate carried on before a word of the
 * interviewer's reply was heard. They are appended to that answer, the interviewer's lines after
 * it are marked as not heard at all, and the interviewer replies to the whole answer: a topic
 * interview's reply is generated again from it; a fixed set's line, which its engine decided when
 * the answer arrived (its state moved on then), is said again. When the answer is not the last
 * one the candidate gave, or a word of a reply to it was heard, the words are the next answer:
 * nothing is dropped either way.
 */

type AnswerFrame = Extract<ParsedClientFrame, { type: 'answer' }>;

/** At most this many frames go on from one answer (meta.joined, as the shared schema allows). */
const MAX_JOINS = 100;

export interface JoinTarget {
  answer: MessageRow;
  /** The interviewer's lines after it, none of which the candidate heard a word of. */
  after: MessageRow[];
}

/** The answer a frame that goes on from `continues` joins, if it may still be joined. */
export function joinTarget(
  row: InterviewRow,
  messages: readonly MessageRow[],
  frame: AnswerFrame,
): JoinTarget | null {
  const { continues } = frame;
  if (!continues) return null;
  const at = messages.findIndex((m) => m.id === continues);
  const answer = messages[at];
  if (!answer || answer.speaker !== 'User') return null;
  const after = messages.slice(at + 1);
  // An answer given since, or a line of which the candidate heard something: the next answer.
  if (after.some((m) => m.speaker !== 'AI' || (m.meta.heard ?? '').trim() !== '')) return null;
  if (answer.message.length + 1 + frame.text.length > MAX_ANSWER_CHARS) return null;
  if ((answer.meta.joined?.length ?? 0) >= MAX_JOINS) return null;
  // A fixed set's line is said again after the whole answer: there must be one to say.
  if (flowOf(row.type) === 'fixed' && after.length === 0) return null;
  return { answer, after };
}

/** The answer a frame went on from earlier (the same frame sent again after a reconnect). */
export function joinedBefore(messages: readonly MessageRow[], id: string): MessageRow | undefined {
  return messages.find((m) => m.meta.joined?.includes(id));
}

/** The answer with the words appended: its text, its timings, the frame named in `joined`. */
function joinedAnswer(answer: MessageRow, frame: AnswerFrame): MessageRow {
  const meta: MessageMeta = { ...answer.meta, joined: [...(answer.meta.joined ?? []), frame.id] };
  if (frame.endedAt !== undefined) meta.endedAt = frame.endedAt;
  meta.startedAt ??= frame.startedAt;
  if (frame.segments) meta.segments = [...(meta.segments ?? []), ...frame.segments].slice(0, 500);
  if (frame.confidence !== undefined) {
    meta.confidence =
      meta.confidence === undefined ? frame.confidence : (meta.confidence + frame.confidence) / 2;
  }
  return { ...answer, message: `${answer.message} ${frame.text}`, meta };
}

export interface Joined {
  kind: 'joined';
  row: InterviewRow;
  answer: MessageRow;
  /** Lines marked not heard by this join (the client had not cut them off itself). */
  marked: MessageRow[];
  /** The interviewer's words stored at once (a fixed set's line said again, an engine line). */
  said: MessageRow | null;
  completes?: Extract<TurnDecision, { kind: 'say' }>['completes'];
  claim: ReplyClaim | null;
  /** The conversation the reply is generated from (the unheard lines left out). */
  conversation: MessageRow[];
}

/** Inside the turn's transaction and row lock: the words joined, the reply decided. */
export async function storeJoin(
  tx: Tx,
  row: InterviewRow,
  messages: readonly MessageRow[],
  lastSeq: number,
  target: JoinTarget,
  frame: AnswerFrame,
  now: Date,
): Promise<Joined> {
  const answer = joinedAnswer(target.answer, frame);
  const marked = target.after
    .filter((m) => m.meta.heard === undefined)
    .map((m) => ({ ...m, meta: { ...m.meta, heard: '' } }));
  const unheard = new Set(target.after.map((m) => m.id));
  const conversation = messages
    .filter((m) => !unheard.has(m.id))
    .map((m) => (m.id === answer.id ? answer : m));
  const base = { kind: 'joined' as const, row, answer, marked, conversation };
  const repeat = target.after.at(-1);
  if (flowOf(row.type) === 'fixed' && repeat) {
    // The engine's line was decided when the answer came (its state moved on then): said again.
    await joinAnswerClaimingReply(tx, row.id, answer, null);
    const said = await appendMessage(tx, row.id, {
      id: randomUUID(),
      speaker: 'AI',
      message: repeat.message,
      meta: {
        ...(repeat.meta.kind ? { kind: repeat.meta.kind } : {}),
        ...(repeat.meta.questionIndex !== undefined
          ? { questionIndex: repeat.meta.questionIndex }
          : {}),
      },
      timestamp: now,
    });
    return { ...base, said, claim: null };
  }
  const decision = decideAnswer(turnContext(row, now, conversation), answer.message);
  if (decision.kind === 'generate') {
    const claim = await joinAnswerClaimingReply(tx, row.id, answer, lastSeq);
    return { ...base, said: null, claim };
  }
  await joinAnswerClaimingReply(tx, row.id, answer, null);
  // (An answer never closes the interview without a word; only time-up does.)
  if (decision.kind !== 'say') return { ...base, said: null, claim: null };
  const said = await storeDecision(tx, row, decision, now);
  return { ...base, said, claim: null, completes: decision.completes };
}

/** After the transaction: the join acknowledged, the unheard lines' receipts, the reply. */
export async function announceJoin(
  deps: TurnDeps,
  userId: string,
  joined: Joined,
  frame: AnswerFrame,
  channel: Channel,
  received: number,
) {
  const { emit } = channel;
  emit({ type: 'ack', id: frame.id, seq: joined.answer.seq });
  for (const line of joined.marked)
    emit({ type: 'reply.end', message: toConversationMessage(line) });
  if (joined.said) {
    streamStored(joined.said, emit);
    if (joined.completes) emit({ type: 'completed', reason: joined.completes });
    return;
  }
  if (joined.claim) {
    const timed = timingFirstWords(channel, received, deps.metrics.firstReplyToken);
    await generateAndStore(
      deps,
      userId,
      joined.row,
      joined.claim,
      timed,
      joined.conversation,
      joined.answer.id,
    );
  }
}

/** The same frame sent again: acknowledged where it went, and the reply to it relayed. */
export async function announceJoinedBefore(
  deps: TurnDeps,
  userId: string,
  interviewId: string,
  into: MessageRow,
  last: MessageRow,
  frame: AnswerFrame,
  channel: Channel,
) {
  channel.emit({ type: 'ack', id: frame.id, seq: into.seq });
  if (last.speaker === 'AI' && last.meta.heard !== '') {
    channel.emit({ type: 'reply.end', message: toConversationMessage(last) });
  } else {
    await settleOwedReply(deps, userId, interviewId, last.seq, channel);
  }
}
