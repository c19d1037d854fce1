import { splitSentences, type AiMessageKind, type CompletionReason } from '@candor/shared';
import { interviewerPrompt } from '../../ai/interviewer-prompt';
import { AiError, SAMPLING, type ChatMessage, type InterviewContext } from '../../ai/provider';
import type { MessageMeta } from '../../db/schema';
import { elapsedMinutes, elapsedMs } from '../../engine/completion';
import { kindAsHeard, spokenText } from '../../engine/heard';
import { endsInterview, generatedReplyKind } from '../../engine/kinds';
import { MESSAGES } from '../../engine/messages';
import { flowOf, readEngineState, type EngineState } from '../../engine/state';
import type { Channel, Emit } from './channel';
import type { TurnDeps } from './context';
import { stopReason, type ReplyInFlight, type StopReason } from './replies-in-flight';
import {
  clockOf,
  loadMessages,
  setHeard,
  toConversationMessage,
  type InterviewRow,
  type MessageRow,
} from '../interviews';
import {
  REPLY_RENEW_MS,
  claimReply,
  lockTurn,
  messageAt,
  releaseClaim,
  renewClaim,
  storeClaimedReply,
  type ReplyClaim,
} from './claims';

/**
 * The interviewer's own words from the AI provider (topic-based interviews, and a reply lost to
 * a crash): asked outside the attempt's row lock under a claim (claims.ts), streamed token by
 * token, stored when complete if the claim still holds. Each reply has its own AbortController
 * (replies-in-flight.ts): an interrupt stores what was generated until then with what the
 * candidate heard; a closed socket or an ending attempt stores nothing and gives the claim up.
 */

/** What the provider is told about the attempt. */
export function interviewContext(row: InterviewRow, now: Date): InterviewContext {
  return {
    interviewId: row.id,
    title: row.title,
    category: row.categoryName,
    difficulty: row.difficulty,
    flow: flowOf(row.type),
    topics: row.topics,
    aiPrompt: row.aiPrompt,
    durationMinutes: row.duration,
    elapsedMinutes: elapsedMinutes(clockOf(row), now),
    followUpDepth: row.followUpDepth,
    style: row.interviewerStyle,
    description: row.setDescription,
    tailored: row.tailored
      ? {
          role: row.tailored.requirements.role,
          required: row.tailored.requirements.required,
          niceToHave: row.tailored.requirements.niceToHave,
          plan: row.tailored.plan ?? [],
          resumeProjects: row.tailored.resumeProjects,
          jobSentences: row.tailored.jobSentences ?? [],
        }
      : null,
  };
}

/**
 * How long the candidate spoke the answer being replied to (its utterances since the interviewer
 * last spoke, by the times the client sent): a demanding interviewer stops a long ramble.
 */
export function lastAnswerSeconds(conversation: readonly MessageRow[]): number | undefined {
  const lastAi = conversation.findLastIndex((m) => m.speaker === 'AI');
  const answers = conversation.slice(lastAi + 1).filter((m) => m.speaker === 'User');
  const starts = answers.map((a) => a.meta.startedAt).filter((n) => typeof n === 'number');
  const ends = answers.map((a) => a.meta.endedAt).filter((n) => typeof n === 'number');
  if (starts.length === 0 || ends.length === 0) return undefined;
  return Math.max(0, (Math.max(...ends) - Math.min(...starts)) / 1000);
}

/** The conversation as the candidate heard it: a line they cut before any word is left out. */
function heardConversation(conversation: MessageRow[]): ChatMessage[] {
  return conversation
    .map((m) => ({
      role: m.speaker === 'AI' ? ('assistant' as const) : ('user' as const),
      content: m.speaker === 'AI' ? spokenText(m) : m.message,
    }))
    .filter((m) => m.content.trim() !== '');
}

/** Voice output reads markdown symbols aloud; the prompt forbids them, this makes sure. */
function plainText(text: string): string {
  return text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[*_`#>]+/g, '')
    .replace(/^\s*[-•]\s+/gm, '')
    .replace(/[ \t]+/g, ' ')
    .trim();
}

type Generated =
  | { kind: 'reply'; text: string; messageKind: AiMessageKind; failed: boolean }
  | { kind: 'stopped'; reason: StopReason; text: string };

/** Asks the provider for the next line, streaming deltas; never throws. */
async function generate(
  deps: TurnDeps,
  row: InterviewRow,
  conversation: MessageRow[],
  reply: ReplyInFlight,
  emit: Emit,
): Promise<Generated> {
  const context = {
    ...interviewContext(row, deps.now()),
    lastAnswerSeconds: lastAnswerSeconds(conversation),
  };
  const heard = heardConversation(conversation);
  emit({ type: 'reply.start', id: reply.id });
  let known: AiMessageKind | undefined;
  try {
    const stream = deps.provider.streamChat({
      messages: interviewerPrompt(context, heard),
      context,
      ...SAMPLING.turn,
      signal: reply.controller.signal,
    });
    for (let step = await stream.next(); ; step = await stream.next()) {
      if (reply.controller.signal.aborted) throw new AiError('aborted', 'The reply was stopped');
      if (step.done) {
        known = step.value?.kind;
        break;
      }
      reply.text += step.value;
      emit({ type: 'reply.delta', id: reply.id, text: step.value });
    }
  } catch (err) {
    const stopped = stopReason(reply.controller.signal);
    if (stopped) return { kind: 'stopped', reason: stopped, text: plainText(reply.text) };
    deps.log.warn(
      { err, interviewId: row.id, provider: deps.provider.name },
      'interview turn failed; the candidate hears the apology',
    );
    return { kind: 'reply', text: MESSAGES.turnFailure, messageKind: 'apology', failed: true };
  }
  const text = plainText(reply.text);
  if (text === '') {
    deps.log.warn({ interviewId: row.id, provider: deps.provider.name }, 'empty AI reply');
    return { kind: 'reply', text: MESSAGES.emptyReply, messageKind: 'apology', failed: true };
  }
  return {
    kind: 'reply',
    text,
    messageKind: known ?? kindFromContext(conversation, text, context),
    failed: false,
  };
}

/** The engine's rule for a reply whose author does not say what it is (engine/kinds.ts). */
function kindFromContext(
  conversation: MessageRow[],
  reply: string,
  context: InterviewContext,
): AiMessageKind {
  const lastAi = conversation.findLastIndex((m) => m.speaker === 'AI');
  return generatedReplyKind({
    // As heard: a line cut off before its question asked nothing (undefined: no kind to go by).
    earlierKinds: conversation
      .filter((m) => m.speaker === 'AI')
      .map((m) => kindAsHeard(m) ?? undefined),
    answerSince: conversation
      .slice(lastAi + 1)
      .map((m) => m.message)
      .join(' '),
    reply,
    durationMinutes: context.durationMinutes,
    elapsedMinutes: context.elapsedMinutes,
  });
}

/**
 * The completed state when a generated reply ends the interview (engine/kinds.ts: a goodbye),
 * as a fixed set is complete after its last question (issue 27): End then just ends, and the
 * report does not say "ended early". Undefined when it ends nothing.
 */
function completionBy(
  row: InterviewRow,
  reply: Extract<Generated, { kind: 'reply' }>,
  now: Date,
): EngineState | undefined {
  const state = readEngineState(row.engineState);
  if (reply.failed || state.completed || !endsInterview(reply.messageKind, reply.text)) return;
  return {
    ...state,
    completed: true,
    completionReason: 'questions-exhausted' as const,
    // The attempt's duration stops at the goodbye, not at End (engine/state.ts).
    completedAfterMs: Math.round(elapsedMs(clockOf(row), now)),
  };
}

/** Streams an already stored reply a sentence at a time, then the stored message. */
export function streamStored(message: MessageRow, emit: Emit) {
  emit({ type: 'reply.start', id: message.id });
  for (const text of splitSentences(message.message)) {
    emit({ type: 'reply.delta', id: message.id, text });
  }
  emit({ type: 'reply.end', message: toConversationMessage(message) });
}

/** How long a turn waits between looks at a reply another process is producing. */
const POLL_MS = { first: 100, most: 500 };

/**
 * Generates the reply this process claimed, renewing the claim's lease meanwhile, and stores and
 * announces it. When the claim was taken over (this process was too slow), the reply is dropped
 * and the one actually stored is announced instead. A reply stopped by an interrupt is stored
 * as far as it was generated, with what was heard; stopped otherwise (its socket closed, the
 * attempt ends) it is not stored and the claim is given up at once.
 */
export async function generateAndStore(
  deps: TurnDeps,
  userId: string,
  row: InterviewRow,
  claim: ReplyClaim,
  channel: Channel,
  /** The conversation up to the message answered, when the turn read it under the lock. */
  conversation?: MessageRow[],
  /** The candidate's answer it replies to, when known (words going on from it stop it). */
  answers?: string,
): Promise<void> {
  const reply = deps.replies.begin(claim.id, row.id, channel.emit, answers);
  const listenerGone = () => reply.controller.abort('closed');
  if (channel.signal.aborted) listenerGone();
  channel.signal.addEventListener('abort', listenerGone, { once: true });
  try {
    await produce(deps, userId, row, claim, channel, reply, conversation);
  } finally {
    channel.signal.removeEventListener('abort', listenerGone);
    deps.replies.finish(reply);
  }
}

async function produce(
  deps: TurnDeps,
  userId: string,
  row: InterviewRow,
  claim: ReplyClaim,
  channel: Channel,
  reply: ReplyInFlight,
  given?: MessageRow[],
): Promise<void> {
  const conversation = (given ?? (await loadMessages(deps.db, row.id))).filter(
    (m) => m.seq <= claim.after,
  );
  const renew = setInterval(() => {
    renewClaim(deps.db, row.id, claim).catch((err: unknown) =>
      deps.log.warn({ err, interviewId: row.id }, 'could not renew the reply claim'),
    );
  }, REPLY_RENEW_MS);
  renew.unref();
  let generated: Generated;
  try {
    generated = await generate(deps, row, conversation, reply, channel.emit);
  } finally {
    clearInterval(renew);
  }
  let stored: { text: string; meta: MessageMeta };
  let completed: EngineState | undefined;
  if (generated.kind === 'stopped') {
    if (generated.reason !== 'interrupted' || generated.text === '') {
      // Nothing the candidate heard: no line is stored, and nobody waits out the lease for it.
      // A closed socket's reply is produced again when the candidate resumes (`start`).
      await releaseClaim(deps.db, row.id, claim);
      return;
    }
    const context = interviewContext(row, deps.now());
    stored = {
      text: generated.text,
      meta: { kind: kindFromContext(conversation, generated.text, context) },
    };
  } else {
    stored = {
      text: generated.text,
      meta: { kind: generated.messageKind, ...(generated.failed ? { failed: true } : {}) },
    };
    completed = completionBy(row, generated, deps.now());
  }
  // An interrupt that came while the provider was answering, or before it stopped.
  if (reply.heard !== undefined) stored.meta.heard = reply.heard;
  let message: MessageRow | null;
  try {
    message = await storeClaimedReply(deps.db, userId, row.id, claim, stored, completed);
  } catch (err) {
    // Nobody should wait out the lease for a reply that will never come.
    await releaseClaim(deps.db, row.id, claim).catch(() => undefined);
    throw err;
  }
  if (message) {
    // An interrupt that arrived while the reply was being stored.
    if (reply.heard !== message.meta.heard && reply.heard !== undefined) {
      message = (await setHeard(deps.db, row.id, message.id, reply.heard)) ?? message;
    }
    channel.emit({ type: 'reply.end', message: toConversationMessage(message) });
    if (completed) channel.emit({ type: 'completed', reason: 'questions-exhausted' });
    return;
  }
  deps.log.warn({ interviewId: row.id }, 'reply claim taken over; this reply is dropped');
  await settleOwedReply(deps, userId, row.id, claim.after, channel);
}

/**
 * The reply owed to message `after`, whoever produces it: stored already → announced; claimed by
 * a process whose lease is running → waited for; claimed by nobody, or by a process that stopped
 * renewing (it died) → produced here. Returns when the reply is stored and announced, when it is
 * no longer owed (the attempt ended, the conversation moved on), or when nobody listens any more.
 */
export async function settleOwedReply(
  deps: TurnDeps,
  userId: string,
  interviewId: string,
  after: number,
  channel: Channel,
): Promise<void> {
  for (let pause = POLL_MS.first; ; pause = Math.min(POLL_MS.most, pause * 2)) {
    const step = await deps.db.transaction(async (tx) => {
      const { row, owed, lastSeq } = await lockTurn(tx, userId, interviewId);
      const reply = await messageAt(tx, interviewId, after + 1);
      if (reply) return { kind: 'stored' as const, reply };
      const ended = row.status === 'completed' || row.status === 'cancelled';
      if (ended || lastSeq !== after) return { kind: 'gone' as const };
      if (owed === 'held') return { kind: 'wait' as const };
      return { kind: 'mine' as const, row, claim: await claimReply(tx, interviewId, after) };
    });
    switch (step.kind) {
      case 'stored':
        if (step.reply.speaker === 'AI') streamStored(step.reply, channel.emit);
        return;
      case 'gone':
        return;
      case 'mine':
        return generateAndStore(deps, userId, step.row, step.claim, channel);
      case 'wait':
        if (channel.signal.aborted) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Runs `turn` (a transaction) once no reply is owed: while one is, it is settled first (waited
 * for, or produced here) and the turn tries again. Null when nobody listens any more.
 */
export async function whenNoReplyOwed<T extends { kind: string }>(
  deps: TurnDeps,
  userId: string,
  id: string,
  channel: Channel,
  turn: () => Promise<T>,
): Promise<Exclude<T, { kind: 'owed' }> | null> {
  for (;;) {
    const result = await turn();
    if (result.kind !== 'owed') return result as Exclude<T, { kind: 'owed' }>;
    const { after } = result as unknown as { after: number };
    await settleOwedReply(deps, userId, id, after, channel);
    if (channel.signal.aborted) return null;
  }
}

/** Streams words the engine said (stored already) and, when they end the interview, says so. */
export function sayStored(
  emit: Emit,
  said: MessageRow | null,
  completes: CompletionReason | null | undefined,
) {
  if (said) streamStored(said, emit);
  if (completes) emit({ type: 'completed', reason: completes });
}
