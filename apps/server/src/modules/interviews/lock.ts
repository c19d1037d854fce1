import { eq } from 'drizzle-orm';
import { interviews } from '../../db/schema';
import type { Tx } from './repository';

/**
 * An attempt's row, locked until the transaction ends (turns, the clock's hold and its release
 * of one attempt run one at a time): undefined when there is no such attempt.
 */
export async function lockAttemptRow(tx: Tx, id: string) {
  const [row] = await tx
    .select()
    .from(interviews)
    .where(eq(interviews.id, id))
    .for('update')
    .limit(1);
  return row;
}
