import type { AiMessageKind } from '@candor/shared';
import { flowOf } from '../../engine/state';
import type { InterviewRow, MessageRow } from '../interviews';

/**
 * What interviewer messages stored before live protocol v2 were: they carry no meta.kind. Read
 * from what was stored with them, never from their words (decision 019):
 * - a reply that replaced a failed turn (meta.failed) is an `apology`: the question stays open;
 * - the line right before an answer taken in the grace period (meta.late) is the `time-up`
 *   message: that answer belongs to the question before it;
 * - fixed flow: a line that asked a question of the set (meta.questionIndex) is a `question`;
 *   every other line is the engine's own (closing, time-up, finished) and asks nothing;
 * - topic-based flow: every other line is a `question`. A model's wrap-up ("any questions for
 *   me?") is then one too, as it was before: its answer is scored with the others. Reports of
 *   these attempts were written when they ended; this only matters when one is generated again.
 * Tagged messages are left undefined (their own kind applies).
 */
export function untaggedKinds(
  row: InterviewRow,
  messages: readonly MessageRow[],
): (AiMessageKind | undefined)[] {
  const fixed = flowOf(row.type) === 'fixed';
  return messages.map((m, i) => {
    if (m.speaker !== 'AI' || m.meta.kind) return undefined;
    if (m.meta.failed) return 'apology';
    if (messages[i + 1]?.meta.late) return 'time-up';
    if (fixed) return m.meta.questionIndex === undefined ? 'closing' : 'question';
    return 'question';
  });
}
