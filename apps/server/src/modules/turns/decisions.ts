import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { interviews, type MessageMeta } from '../../db/schema';
import type { TurnDecision } from '../../engine/turn';
import { appendMessage, type InterviewRow, type MessageRow, type Tx } from '../interviews';

/**
 * Stores an engine decision's words (inside the lock) and the new state; `answered` when it
 * replies to the candidate's answer (the attempt is history from its first, decision 038).
 */
export async function storeDecision(
  tx: Tx,
  row: InterviewRow,
  decision: Extract<TurnDecision, { kind: 'say' }>,
  now: Date,
  answered = false,
): Promise<MessageRow> {
  const meta: MessageMeta = { kind: decision.messageKind };
  if (decision.questionIndex !== undefined) meta.questionIndex = decision.questionIndex;
  const message = await appendMessage(tx, row.id, {
    id: randomUUID(),
    speaker: 'AI',
    message: decision.text,
    meta,
    timestamp: now,
  });
  await tx
    .update(interviews)
    .set({
      engineState: decision.state,
      ...(answered ? { answeredAt: row.answeredAt ?? now } : {}),
    })
    .where(eq(interviews.id, row.id));
  return message;
}
