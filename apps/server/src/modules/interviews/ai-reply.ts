import { SAMPLING, type ChatMessage, type InterviewContext } from '../../ai/provider';
import { chunksOf } from '../../ai/builtin/interviewer';
import type { MessageMeta } from '../../db/schema';
import { elapsedMinutes } from '../../engine/completion';
import { MESSAGES } from '../../engine/messages';
import { INTRO_INSTRUCTION, interviewerSystemPrompt, timeNote } from '../../engine/prompts';
import { flowOf } from '../../engine/state';
import {
  loadMessages,
  toConversationMessage,
  type InterviewRow,
  type MessageRow,
} from './repository';
import type { Alive, Emit, SessionDeps } from './session';
import {
  REPLY_RENEW_MS,
  claimReply,
  lockTurn,
  messageAt,
  releaseClaim,
  renewClaim,
  storeClaimedReply,
  type ReplyClaim,
} from './turns';

/**
 * The interviewer's own words from the AI provider (topic-based interviews, and a reply lost to
 * a crash): asked outside the attempt's row lock under a claim (turns.ts), streamed token by
 * token, stored when complete if the claim still holds.
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
    elapsedMinutes: elapsedMinutes(row.startedAt, now),
  };
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

/** Asks the provider for the next line, streaming deltas; never throws. */
async function generate(
  deps: SessionDeps,
  row: InterviewRow,
  conversation: MessageRow[],
  replyId: string,
  emit: Emit,
): Promise<{ text: string; failed: boolean }> {
  const context = interviewContext(row, deps.now());
  const messages: ChatMessage[] = [
    { role: 'system', content: `${interviewerSystemPrompt(context)}\n${timeNote(context)}` },
    ...conversation.map((m) => ({
      role: m.speaker === 'AI' ? ('assistant' as const) : ('user' as const),
      content: m.message,
    })),
  ];
  if (conversation.length === 0) messages.push({ role: 'user', content: INTRO_INSTRUCTION });
  emit({ type: 'reply.start', id: replyId });
  let text = '';
  try {
    for await (const delta of deps.provider.streamChat({
      messages,
      context,
      ...SAMPLING.turn,
    })) {
      text += delta;
      emit({ type: 'reply.delta', id: replyId, text: delta });
    }
  } catch (err) {
    deps.log.warn(
      { err, interviewId: row.id, provider: deps.provider.name },
      'interview turn failed; the candidate hears the apology',
    );
    return { text: MESSAGES.turnFailure, failed: true };
  }
  const clean = plainText(text);
  if (clean === '') {
    deps.log.warn({ interviewId: row.id, provider: deps.provider.name }, 'empty AI reply');
    return { text: MESSAGES.emptyReply, failed: true };
  }
  return { text: clean, failed: false };
}

/** Streams an already stored reply in small chunks, then the stored message. */
export function streamStored(message: MessageRow, emit: Emit) {
  emit({ type: 'reply.start', id: message.id });
  for (const text of chunksOf(message.message)) emit({ type: 'reply.delta', id: message.id, text });
  emit({ type: 'reply.end', message: toConversationMessage(message) });
}

/** How long a turn waits between looks at a reply another process is producing. */
const POLL_MS = { first: 100, most: 500 };

/**
 * Generates the reply this process claimed, renewing the claim's lease meanwhile, and stores and
 * announces it. When the claim was taken over (this process was too slow), the reply is dropped
 * and the one actually stored is announced instead.
 */
export async function generateAndStore(
  deps: SessionDeps,
  userId: string,
  row: InterviewRow,
  claim: ReplyClaim,
  emit: Emit,
  alive: () => boolean = () => true,
): Promise<void> {
  const conversation = (await loadMessages(deps.db, row.id)).filter((m) => m.seq <= claim.after);
  const renew = setInterval(() => {
    renewClaim(deps.db, row.id, claim).catch((err: unknown) =>
      deps.log.warn({ err, interviewId: row.id }, 'could not renew the reply claim'),
    );
  }, REPLY_RENEW_MS);
  renew.unref();
  let reply: { text: string; failed: boolean };
  try {
    reply = await generate(deps, row, conversation, claim.id, emit);
  } finally {
    clearInterval(renew);
  }
  const meta: MessageMeta = reply.failed ? { failed: true } : {};
  let stored: MessageRow | null;
  try {
    stored = await storeClaimedReply(deps.db, userId, row.id, claim, { text: reply.text, meta });
  } catch (err) {
    // Nobody should wait out the lease for a reply that will never come.
    await releaseClaim(deps.db, row.id, claim).catch(() => undefined);
    throw err;
  }
  if (stored) {
    emit({ type: 'reply.end', message: toConversationMessage(stored) });
    return;
  }
  deps.log.warn({ interviewId: row.id }, 'reply claim taken over; this reply is dropped');
  await settleOwedReply(deps, userId, row.id, claim.after, emit, alive);
}

/**
 * The reply owed to message `after`, whoever produces it: stored already → announced; claimed by
 * a process whose lease is running → waited for; claimed by nobody, or by a process that stopped
 * renewing (it died) → produced here. Returns when the reply is stored and announced, when it is
 * no longer owed (the attempt ended, the conversation moved on), or when `alive` says nobody
 * listens any more.
 */
export async function settleOwedReply(
  deps: SessionDeps,
  userId: string,
  interviewId: string,
  after: number,
  emit: Emit,
  alive: () => boolean = () => true,
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
        if (step.reply.speaker === 'AI') streamStored(step.reply, emit);
        return;
      case 'gone':
        return;
      case 'mine':
        return generateAndStore(deps, userId, step.row, step.claim, emit, alive);
      case 'wait':
        if (!alive()) return;
        await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Runs `turn` (a transaction) once no reply is owed: while one is, it is settled first (waited
 * for, or produced here) and the turn tries again. Null when nobody listens any more.
 */
export async function whenNoReplyOwed<T extends { kind: string }>(
  deps: SessionDeps,
  userId: string,
  id: string,
  emit: Emit,
  alive: Alive,
  turn: () => Promise<T>,
): Promise<Exclude<T, { kind: 'owed' }> | null> {
  for (;;) {
    const result = await turn();
    if (result.kind !== 'owed') return result as Exclude<T, { kind: 'owed' }>;
    const { after } = result as unknown as { after: number };
    await settleOwedReply(deps, userId, id, after, emit, alive);
    if (!alive()) return null;
  }
}
