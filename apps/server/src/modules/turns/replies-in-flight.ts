import type { Emit } from './channel';

/**
 * The interviewer replies this process is generating, each with its own AbortController. A reply
 * stops when the candidate interrupts it (`interrupt`: what was generated so far is stored, with
 * what they heard), when the socket it streams to closes (nothing is stored: the reply is produced
 * again when the candidate comes back), or when the attempt ends (`end` early, Discard: nothing is
 * stored). The provider's request is aborted through the signal, so a model host stops generating
 * too.
 */

/** Why a reply was stopped; the reason is the abort's reason. */
export type StopReason = 'interrupted' | 'closed' | 'ended';

export interface ReplyInFlight {
  /** The id the reply will be stored under (its claim's id, claims.ts). */
  readonly id: string;
  readonly interviewId: string;
  readonly controller: AbortController;
  /** Where the reply streams (its `reply.end` goes there too). */
  readonly emit: Emit;
  /** The candidate's answer it replies to, when known (words going on from it stop it). */
  readonly answers?: string;
  /** The raw text generated so far (what the deltas carried). */
  text: string;
  /** What the candidate heard, once they interrupted it. */
  heard?: string;
  /** Settles once the reply is stored (or dropped) and announced. */
  readonly done: Promise<void>;
}

export function createRepliesInFlight() {
  const replies = new Map<string, ReplyInFlight & { settle(): void }>();
  return {
    /** A reply starts: its controller, registered until `finish`. */
    begin(id: string, interviewId: string, emit: Emit, answers?: string): ReplyInFlight {
      let settle!: () => void;
      const done = new Promise<void>((resolve) => (settle = resolve));
      const controller = new AbortController();
      const entry = { id, interviewId, controller, emit, answers, text: '', done, settle };
      replies.set(id, entry);
      return entry;
    },
    /** The reply is stored or dropped: whoever waits on `done` goes on. */
    finish(entry: ReplyInFlight) {
      const own = replies.get(entry.id);
      if (own !== entry) return;
      replies.delete(entry.id);
      own.settle();
    },
    get(id: string): ReplyInFlight | undefined {
      return replies.get(id);
    },
    /** The replies of the attempt that reply to the answer `answerId`. */
    answering(interviewId: string, answerId: string): ReplyInFlight[] {
      return [...replies.values()].filter(
        (entry) => entry.interviewId === interviewId && entry.answers === answerId,
      );
    },
    /** Stops every reply of the attempt (it ends). */
    stopAttempt(interviewId: string, reason: StopReason) {
      for (const entry of replies.values()) {
        if (entry.interviewId === interviewId) entry.controller.abort(reason);
      }
    },
    /** Stops every reply (the app closes). */
    stopAll(reason: StopReason) {
      for (const entry of replies.values()) entry.controller.abort(reason);
    },
    get size() {
      return replies.size;
    },
  };
}
export type RepliesInFlight = ReturnType<typeof createRepliesInFlight>;

/** Why the signal was aborted, when it was aborted by a stop. */
export function stopReason(signal: AbortSignal): StopReason | null {
  if (!signal.aborted) return null;
  const reason: unknown = signal.reason;
  return reason === 'interrupted' || reason === 'closed' || reason === 'ended' ? reason : 'closed';
}
