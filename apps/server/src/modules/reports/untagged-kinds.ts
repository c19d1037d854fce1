import type { AiMessageKind } from '@candor/shared';
import { FAREWELL, WRAP_UP } from '../../ai/builtin/interviewer';
import { MESSAGES, TOPIC_TIME_UP, fixedTimeUp } from '../../engine/messages';
import type { InterviewRow, MessageRow } from '../interviews/repository';

/**
 * What interviewer messages stored before live protocol v2 were, read from their words: they
 * carry no meta.kind. This is the report's rule of before (the engine's own lines and the builtin
 * interviewer's wrap-up and farewell are not questions; an apology leaves the question open) and
 * its only use of sentence matching; every message written since is tagged when stored, so this
 * can go once no attempt from before v2 is reported again. Tagged messages are left undefined.
 */
export function untaggedKinds(
  row: InterviewRow,
  messages: readonly MessageRow[],
): (AiMessageKind | undefined)[] {
  const engineLines = new Set<string>([
    MESSAGES.fixedClosing,
    MESSAGES.fixedFinished,
    MESSAGES.alreadyCompleted,
    MESSAGES.emptySet,
    MESSAGES.lateAnswerSaved,
    FAREWELL,
  ]);
  const timeUp = new Set<string>([TOPIC_TIME_UP, fixedTimeUp(row.duration)]);
  const apologies = new Set<string>([MESSAGES.turnFailure, MESSAGES.emptyReply]);
  return messages.map((m) => {
    if (m.speaker !== 'AI' || m.meta.kind) return undefined;
    if (m.meta.failed || apologies.has(m.message)) return 'apology';
    if (timeUp.has(m.message)) return 'time-up';
    if (engineLines.has(m.message) || m.message.includes(WRAP_UP)) return 'closing';
    return 'question';
  });
}
