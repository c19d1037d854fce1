import { clientFrameSchema } from '@candor/shared';
import type { OutboxFrame } from './session-state';

/**
 * The outbox kept across a reload: answers and interruptions the server has not confirmed, in
 * sessionStorage under the attempt's id. The server stores each id once, so what a reload sends
 * again is never stored twice.
 */

/** Where answers not yet confirmed are kept for a reload (sessionStorage in the browser). */
export type OutboxStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const keyOf = (interviewId: string) => `candor.outbox.${interviewId}`;

/** The outbox kept before a reload, checked frame by frame (storage is outside input). */
export function restoreOutbox(
  store: OutboxStore | null | undefined,
  interviewId: string,
): OutboxFrame[] {
  try {
    const raw: unknown = JSON.parse(store?.getItem(keyOf(interviewId)) ?? '[]');
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((item) => {
      const parsed = clientFrameSchema.safeParse(item);
      if (!parsed.success) return [];
      const frame = parsed.data;
      return frame.type === 'answer' || frame.type === 'interrupt' ? [frame] : [];
    });
  } catch {
    return [];
  }
}

export function keepOutbox(
  store: OutboxStore | null | undefined,
  interviewId: string,
  outbox: readonly OutboxFrame[],
) {
  if (!store) return;
  try {
    if (outbox.length === 0) store.removeItem(keyOf(interviewId));
    else store.setItem(keyOf(interviewId), JSON.stringify(outbox));
  } catch {
    // Storage full or blocked: only a reload before the server confirmed loses them.
  }
}
