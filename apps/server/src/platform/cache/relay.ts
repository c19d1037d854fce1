import crypto from 'node:crypto';
import { z } from 'zod';
import type { Channel } from '../../db/channel';
import type { Invalidation, ReadCache } from './read-cache';

/**
 * Tells the other server processes on the same PostgreSQL what this one invalidated, and applies
 * what they tell it (decision 008).
 *
 * - Coalesced: invalidations are gathered for one short tick and sent as one notification naming
 *   every user and tag (split only where PostgreSQL's 8,000-byte payload limit requires), so a
 *   burst of writes costs a few notifications, not one each.
 * - Off the request pool: sent on the channel's dedicated connection (db/channel.ts).
 * - Unable to lose an invalidation silently: every notification carries the sender's next
 *   sequence number. A receiver that sees a number skipped (a notification the sender gave up
 *   on, or one it never saw) or that re-opened its connection drops its whole cache. A sender
 *   that cannot reach the database keeps retrying for the cache's time to live; past it, every
 *   entry the lost notification was about has expired anyway.
 */

export const CHANNEL_NAME = 'candor_read_cache';

/** PostgreSQL refuses NOTIFY payloads of 8,000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

const messageSchema = z.object({
  from: z.string().min(1).max(100),
  seq: z.number().int().positive(),
  all: z.literal(true).optional(),
  users: z.array(z.string().min(1).max(200)).max(2_000).optional(),
  tags: z.array(z.string().min(1).max(100)).max(100).optional(),
});
export type RelayMessage = z.infer<typeof messageSchema>;

/** Senders remembered by a receiver (one per server process ever heard; a restart is a new one). */
const SENDERS_KEPT = 1_000;

export interface RelayOptions {
  cache: Pick<ReadCache, 'apply' | 'onInvalidate' | 'invalidateAll'>;
  channel: Pick<Channel, 'listen' | 'notify'>;
  /** How long invalidations gather before one notification carries them all. */
  tickMs?: number;
  /** A notification not sent within this long is given up (the cache's time to live). */
  giveUpAfterMs: number;
  log: { warn(obj: object, msg: string): void };
  now?: () => number;
  name?: string;
}

interface Outgoing {
  text: string;
  queuedAt: number;
}

export function createRelay(options: RelayOptions) {
  const { cache, channel, log } = options;
  const name = options.name ?? CHANNEL_NAME;
  const tickMs = options.tickMs ?? 20;
  const now = options.now ?? Date.now;
  const me = crypto.randomUUID();
  const stats = {
    /** Notifications sent, and the invalidations they carried. */
    sent: 0,
    invalidationsSent: 0,
    /** Send attempts that failed (each is retried). */
    failed: 0,
    /** Notifications given up after `giveUpAfterMs`. */
    givenUp: 0,
    received: 0,
    /** Times this process dropped its cache for a skipped number, a bad message or a reconnect. */
    gaps: 0,
  };

  // --- sending --------------------------------------------------------------------------------
  let seq = 0;
  const pending = { all: false, users: new Set<string>(), tags: new Set<string>(), count: 0 };
  let pendingSince = 0;
  const outbox: Outgoing[] = [];
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> | null = null;
  let retryDelay = 0;
  let closed = false;

  function queue(change: Invalidation) {
    if (pending.count === 0) pendingSince = now();
    pending.count++;
    if (change.kind === 'all') {
      pending.all = true;
      pending.users.clear();
      pending.tags.clear();
    } else if (!pending.all) {
      if (change.kind === 'user') pending.users.add(change.userId);
      else pending.tags.add(change.tag);
    }
    schedule(tickMs);
  }

  function schedule(delay: number) {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delay);
    timer.unref();
  }

  const encode = (body: Omit<RelayMessage, 'from' | 'seq'>) =>
    JSON.stringify({ from: me, seq: ++seq, ...body });

  /** Moves what gathered during the tick into notifications, each under the payload limit. */
  function pack() {
    if (pending.count === 0) return;
    const queuedAt = pendingSince;
    if (pending.all) {
      outbox.push({ text: encode({ all: true }), queuedAt });
    } else {
      const tags = [...pending.tags];
      // Room for the users after the sender, its number and the tags.
      const room = MAX_PAYLOAD_BYTES - 200 - Buffer.byteLength(JSON.stringify(tags));
      const chunks: string[][] = [[]];
      let size = 0;
      for (const user of pending.users) {
        const cost = Buffer.byteLength(JSON.stringify(user)) + 1;
        if (size + cost > room && chunks.at(-1)!.length > 0) {
          chunks.push([]);
          size = 0;
        }
        chunks.at(-1)!.push(user);
        size += cost;
      }
      chunks.forEach((users, i) => {
        const body = {
          ...(users.length > 0 ? { users } : {}),
          ...(i === 0 && tags.length > 0 ? { tags } : {}),
        };
        outbox.push({ text: encode(body), queuedAt });
      });
    }
    stats.invalidationsSent += pending.count;
    pending.all = false;
    pending.users.clear();
    pending.tags.clear();
    pending.count = 0;
  }

  /** Sends what is due, in order; on failure retries later with back-off. */
  function flush(): Promise<void> {
    if (sending) return sending;
    sending = (async () => {
      pack();
      while (outbox.length > 0) {
        const next = outbox[0]!;
        if (now() - next.queuedAt > options.giveUpAfterMs) {
          // Its number stays used: receivers see the gap at the next notification and drop all.
          outbox.shift();
          stats.givenUp++;
          log.warn(
            { givenUp: stats.givenUp },
            'read cache: gave up telling other processes of an invalidation (they drop their caches at the next one)',
          );
          continue;
        }
        try {
          await channel.notify(name, next.text);
        } catch (err) {
          stats.failed++;
          if (retryDelay === 0) {
            log.warn({ err }, 'read cache: could not tell other processes yet; retrying');
          }
          retryDelay = Math.min(Math.max(retryDelay * 2, 100), 2_000);
          schedule(retryDelay);
          return;
        }
        outbox.shift();
        stats.sent++;
        retryDelay = 0;
      }
      // Invalidations that arrived while sending wait for their own tick.
      if (pending.count > 0) schedule(tickMs);
    })().finally(() => {
      sending = null;
    });
    return sending;
  }

  // --- receiving ------------------------------------------------------------------------------
  const lastSeq = new Map<string, number>();

  function dropAll() {
    stats.gaps++;
    cache.invalidateAll(true);
  }

  function receive(text: string) {
    let message: RelayMessage;
    try {
      message = messageSchema.parse(JSON.parse(text));
    } catch {
      // Someone wrote something we do not understand on our channel: assume the worst.
      dropAll();
      return;
    }
    if (message.from === me) return;
    stats.received++;
    const last = lastSeq.get(message.from);
    lastSeq.delete(message.from);
    lastSeq.set(message.from, message.seq);
    if (lastSeq.size > SENDERS_KEPT) lastSeq.delete(lastSeq.keys().next().value!);
    // A sender never heard of starts at 1; anything else means notifications were missed.
    if (message.seq !== (last ?? 0) + 1) {
      dropAll();
      return;
    }
    if (message.all) {
      cache.apply({ kind: 'all' });
      return;
    }
    for (const userId of message.users ?? []) cache.apply({ kind: 'user', userId });
    for (const tag of message.tags ?? []) cache.apply({ kind: 'tag', tag });
  }

  cache.onInvalidate(queue);

  return {
    stats,
    /** This process's name on the channel. */
    id: me,
    /** Starts listening; failures are retried by the channel (and reported as a gap). */
    start: () => channel.listen(name, receive, dropAll),
    /** Sends what is pending now (tests, shutdown). */
    async flush() {
      clearTimeout(timer);
      timer = undefined;
      await flush();
    },
    /** Sends what is pending, then stops. */
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await flush();
      closed = true;
      clearTimeout(timer);
    },
  };
}
export type Relay = ReturnType<typeof createRelay>;

/**
 * For a one-off writer outside the servers (a command such as `admin:create` on PostgreSQL): tells
 * every running server to drop what `changes` touched, as a sender of a single notification.
 */
export async function tellOtherProcesses(
  channel: Pick<Channel, 'notify'>,
  changes: Invalidation[],
  name = CHANNEL_NAME,
): Promise<void> {
  const message: RelayMessage = { from: crypto.randomUUID(), seq: 1 };
  if (changes.some((c) => c.kind === 'all')) message.all = true;
  else {
    const users = changes.flatMap((c) => (c.kind === 'user' ? [c.userId] : []));
    const tags = changes.flatMap((c) => (c.kind === 'tag' ? [c.tag] : []));
    if (users.length > 0) message.users = users;
    if (tags.length > 0) message.tags = tags;
  }
  const text = JSON.stringify(message);
  // One notification: a writer this large may as well drop everything.
  await channel.notify(
    name,
    Buffer.byteLength(text) < MAX_PAYLOAD_BYTES
      ? text
      : JSON.stringify({ from: message.from, seq: 1, all: true }),
  );
}
