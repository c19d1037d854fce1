import type { ParsedClientFrame } from '@candor/shared';
import { isHeardPartOf } from '../../engine/heard';
import { findMessage, loadOwned, setHeard, toConversationMessage } from '../interviews';
import type { Channel } from './channel';
import type { TurnDeps } from './context';

type InterruptFrame = Extract<ParsedClientFrame, { type: 'interrupt' }>;

/** Why an interrupt was refused (the client sent a reply id or heard text that does not fit). */
export type InterruptRefusal = 'unknown-reply' | 'not-heard';

/**
 * `interrupt`: the candidate cut the interviewer off. A reply this process is still generating is
 * stopped at once through its AbortController and stored as far as it got, with what was heard
 * (replies.ts); a stored interviewer message gets `meta.heard` (its text stays whole). Either way
 * `heard` must be the start of what the interviewer said (engine/heard.ts): the client shortens
 * a line, it never rewrites one. Not queued behind the turn that is generating the reply: that
 * is the turn it stops. Once stored, the message goes out again as `reply.end` (with
 * `meta.heard`): the client's receipt. A refusal is returned for the caller to say.
 */
export async function interruptReply(
  deps: TurnDeps,
  userId: string,
  interviewId: string,
  frame: InterruptFrame,
  channel: Channel,
): Promise<InterruptRefusal | null> {
  const heard = frame.heard.trim();
  const inFlight = deps.replies.get(frame.replyId);
  if (inFlight && inFlight.interviewId === interviewId) {
    if (!isHeardPartOf(heard, inFlight.text)) return 'not-heard';
    inFlight.heard = heard;
    inFlight.controller.abort('interrupted');
    await inFlight.done;
    // The generating turn announced the stored reply on its own socket; another one hears it here.
    if (inFlight.emit !== channel.emit) {
      const stored = await findMessage(deps.db, frame.replyId);
      if (stored) channel.emit({ type: 'reply.end', message: toConversationMessage(stored) });
    }
    return null;
  }
  await loadOwned(deps.db, userId, interviewId);
  const message = await findMessage(deps.db, frame.replyId);
  if (!message || message.interviewId !== interviewId || message.speaker !== 'AI') {
    return 'unknown-reply';
  }
  if (!isHeardPartOf(heard, message.message)) return 'not-heard';
  const stored =
    message.meta.heard === heard
      ? message
      : ((await setHeard(deps.db, interviewId, message.id, heard)) ?? message);
  channel.emit({ type: 'reply.end', message: toConversationMessage(stored) });
  return null;
}

/**
 * Words that go on from the answer `answerId` arrived (decision 037): the replies to it this
 * process is still generating are stopped as an interrupt with nothing heard stops them (what was
 * generated is stored with `heard: ''`). The client cuts a reply it saw start itself; this stops
 * one it had not seen yet, at once rather than after the turn generating it. Their ids.
 */
export function stopRepliesTo(deps: TurnDeps, interviewId: string, answerId: string): string[] {
  return deps.replies.answering(interviewId, answerId).map((reply) => {
    reply.heard ??= '';
    reply.controller.abort('interrupted');
    return reply.id;
  });
}
