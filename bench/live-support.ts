/**
 * Simulated candidates for the live-channel benchmarks: real accounts (signed up over HTTP), real
 * attempts, real WebSockets speaking docs/live-protocol.md through the server tests' own client
 * and sign-up (apps/server/src/test). Nothing here reaches into the server.
 */
import { LiveClient } from '../apps/server/src/test/live-client';
import { ORIGIN, signUpCandidate } from '../apps/server/src/test/users';

const ANSWERS = [
  'I would start with the data model and the read and write paths, then decide where a cache helps and how it is invalidated.',
  'A closure keeps the variables of the scope it was created in, which I use for private state and for callbacks that need context.',
  'In React I keep state as low as possible, derive what I can during render and reach for memoisation only after measuring.',
  'For a slow query I read the plan first: a missing index, a sequential scan on a big table or a sort that spills to disk.',
  'I test the behaviour a user sees, with the real database, and keep mocks for services the test machine cannot reach.',
];

/** A new candidate account on the server at `base` (unique e-mail address, same name). */
export function signUp(base: string) {
  return signUpCandidate(base, { firstName: 'Bench', lastName: 'Candidate' });
}

export async function createAttempt(base: string, cookie: string, setId: string) {
  const res = await fetch(`${base}/api/interview`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
    body: JSON.stringify({ interviewSetId: setId }),
  });
  if (res.status !== 200) throw new Error(`create attempt: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/** Runs `task` over `items` with at most `limit` at once. */
export async function pool<T, R>(
  items: T[],
  limit: number,
  task: (item: T, i: number) => Promise<R>,
) {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await task(items[i]!, i);
      }
    }),
  );
  return out;
}

/** One live connection (the test kit's LiveClient) with the bookkeeping a benchmark needs. */
export class LiveSocket {
  errors: string[] = [];
  /** Answers sent and not yet started (first token) / finished (reply.end), oldest first. */
  private awaitingFirstToken: { id: string; sentAt: number }[] = [];
  private awaitingEnd: string[] = [];
  readonly firstTokenMs: number[] = [];
  replies = 0;

  private constructor(readonly live: LiveClient) {
    live.onFrame((frame) => {
      if (frame.type === 'error') this.errors.push(`${frame.code}: ${frame.message}`);
      if (
        (frame.type === 'reply.delta' || frame.type === 'reply.end') &&
        this.awaitingFirstToken.length
      ) {
        // The first piece of the reply to the oldest answer still waiting for one.
        const answer = this.awaitingFirstToken.shift()!;
        this.firstTokenMs.push(performance.now() - answer.sentAt);
      }
      if (frame.type === 'reply.end') {
        this.replies++;
        this.awaitingEnd.shift();
      }
    });
  }

  static async open(base: string, attemptId: string, cookie: string): Promise<LiveSocket> {
    // Deltas are only timed, not kept: a thousand candidates stream a lot of them.
    return new LiveSocket(await LiveClient.connect(base, attemptId, cookie, { keepDeltas: false }));
  }

  /** The next reply stored by the interviewer. */
  nextReply() {
    return this.live.next('reply.end', 60_000);
  }

  /** Begins or resumes: the conversation so far, in seq order. */
  async start() {
    this.live.start();
    const state = await this.live.nextOrClose('state', 60_000);
    if (!state) {
      const { code, reason } = await this.live.closed;
      throw new Error(`the socket closed before the state frame: ${code} ${reason}`);
    }
    return state;
  }

  /** Sends an answer; returns its id (acks and replies are counted as they arrive). */
  answer(n: number): string {
    const now = Date.now();
    const id = this.live.sendAnswer(ANSWERS[n % ANSWERS.length]!, {
      mode: 'voice',
      confidence: 0.9,
      startedAt: now - 15_000,
      endedAt: now,
    });
    this.awaitingEnd.push(id);
    // Timed from after the send: what a candidate waits for.
    this.awaitingFirstToken.push({ id, sentAt: performance.now() });
    return id;
  }

  get outstanding() {
    return this.awaitingEnd.length;
  }

  close() {
    this.live.close();
  }
}

export const pct = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : NaN;

export async function waitUntil(check: () => boolean, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  return check();
}

/**
 * One phase of a load bench: every talker answers every `everyMs` (each from a random moment, so
 * they do not all speak at once) for `seconds`, while `alongside(running)` does the phase's other
 * work until `running()` turns false; then every answer is waited for. Returns the phase's
 * first-token latencies (sorted) and what went unanswered or failed.
 */
export async function talkWhile(
  talkers: LiveSocket[],
  everyMs: number,
  seconds: number,
  alongside: (running: () => boolean) => Promise<unknown>,
) {
  const before = talkers.map((t) => t.firstTokenMs.length);
  let running = true;
  const other = alongside(() => running);
  const timers: NodeJS.Timeout[] = [];
  talkers.forEach((t) => {
    let n = 0;
    timers.push(
      setTimeout(() => {
        t.answer(n++);
        timers.push(setInterval(() => t.answer(n++), everyMs));
      }, Math.random() * everyMs),
    );
  });
  await new Promise((r) => setTimeout(r, seconds * 1000));
  for (const t of timers) clearTimeout(t);
  running = false;
  await other;
  await waitUntil(() => talkers.every((t) => t.outstanding === 0), 120_000);
  return {
    latencies: talkers.flatMap((t, i) => t.firstTokenMs.slice(before[i])).sort((a, b) => a - b),
    unanswered: talkers.reduce((s, t) => s + t.outstanding, 0),
    errors: talkers.reduce((s, t) => s + t.errors.length, 0),
  };
}

/**
 * `count` candidates, each signed up with a live socket on a new attempt of `setId`, past the
 * interviewer's first reply: the talkers a load benchmark keeps answering.
 */
export async function openTalkers(url: string, setId: string, count: number, concurrency: number) {
  return pool(Array.from({ length: count }), concurrency, async () => {
    const { cookie } = await signUp(url);
    const socket = await LiveSocket.open(url, await createAttempt(url, cookie, setId), cookie);
    await socket.start();
    await socket.nextReply();
    return socket;
  });
}
