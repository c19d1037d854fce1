import type { ServerFrame } from '@candor/shared';
import type { SessionState } from '../../platform/auth/session-states';

export type Emit = (frame: ServerFrame) => void;

/**
 * Who hears a turn: where its frames go, and a signal aborted once nobody listens any more (the
 * socket closed). A reply generated for a channel stops when its signal aborts.
 */
export interface Channel {
  emit: Emit;
  signal: AbortSignal;
  /**
   * The live socket's session: a turn reads its state in the statement that locks the attempt
   * and, when it is over, takes nothing and calls `over` (the socket closes). None for a turn
   * whose request was authenticated already (the REST save).
   */
  session?: { id: string; over(state: Exclude<SessionState, 'active'>): void };
}

/**
 * The channel, telling metrics how long the candidate waited from their answer (`since`, from
 * performance.now()) to the interviewer's first words.
 */
export function timingFirstWords(
  channel: Channel,
  since: number,
  record: (ms: number) => void,
): Channel {
  let waiting = true;
  return {
    ...channel,
    emit(frame) {
      if (waiting && frame.type === 'reply.delta') {
        waiting = false;
        record(performance.now() - since);
      }
      channel.emit(frame);
    },
  };
}

/** A turn nobody listens to live (the REST save, benchmarks): frames go nowhere, it never closes. */
export const UNHEARD: Channel = { emit: () => undefined, signal: new AbortController().signal };
