import { randomUUID } from 'node:crypto';
import { SAMPLING, type ChatMessage, type InterviewContext } from '../../ai/provider';
import type { MessageMeta } from '../../db/schema';
import { elapsedMinutes } from '../../engine/completion';
import { MESSAGES } from '../../engine/messages';
import { INTRO_INSTRUCTION, interviewerSystemPrompt, timeNote } from '../../engine/prompts';
import { flowOf } from '../../engine/state';
import {
  appendMessage,
  loadMessages,
  lockOwned,
  toConversationMessage,
  type InterviewRow,
  type MessageRow,
} from './repository';
import type { Emit, SessionDeps } from './session';

/**
 * The interviewer's own words from the AI provider (topic-based interviews, and a reply lost to
 * a crash): asked outside the attempt's row lock, streamed token by token, stored when complete.
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

/** Generates, stores and announces the interviewer's reply to the conversation so far. */
export async function generateAndStore(
  deps: SessionDeps,
  userId: string,
  row: InterviewRow,
  emit: Emit,
): Promise<void> {
  const conversation = await loadMessages(deps.db, row.id);
  const replyId = randomUUID();
  const { text, failed } = await generate(deps, row, conversation, replyId, emit);
  const stored = await deps.db.transaction(async (tx) => {
    await lockOwned(tx, userId, row.id);
    const meta: MessageMeta = failed ? { failed: true } : {};
    return appendMessage(tx, row.id, { id: replyId, speaker: 'AI', message: text, meta });
  });
  emit({ type: 'reply.end', message: toConversationMessage(stored) });
}
