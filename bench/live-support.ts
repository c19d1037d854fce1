/**
 * Simulated candidates for the live-channel benchmarks: real accounts (signed up over HTTP), real
 * attempts, real WebSockets speaking docs/live-protocol.md. Nothing here reaches into the server.
 */
import crypto from 'node:crypto';
import WebSocket from 'ws';

export const ORIGIN = 'http://localhost:3000';

const ANSWERS = [
  'I would start with the data model and the read and write paths, then decide where a cache helps and how it is invalidated.',
  'A closure keeps the variables of the scope it was created in, which I use for private state and for callbacks that need context.',
  'In React I keep state as low as possible, derive what I can during render and reach for memoisation only after measuring.',
  'For a slow query I read the plan first: a missing index, a sequential scan on a big table or a sort that spills to disk.',
  'I test the behaviour a user sees, with the real database, and keep mocks for services the test machine cannot reach.',
];

export interface Frame {
  type: string;
  id?: string;
  seq?: number;
  code?: string;
  message?: unknown;
  messages?: { id: string; seq: number; speaker: string }[];
}

export async function signUp(base: string, n: number): Promise<{ cookie: string }> {
  const email = `bench-${n}-${crypto.randomBytes(4).toString('hex')}@bench.test`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      email,
      password: 'Secret1!x',
      name: 'Bench Candidate',
      firstName: 'Bench',
      lastName: 'Candidate',
      experienceLevel: 'mid',
    }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie };
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

/** One live connection with the bookkeeping a benchmark needs. */
export class LiveSocket {
  readonly frames: Frame[] = [];
  errors: string[] = [];
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  /** Answers sent and not yet started (first token) / finished (reply.end), oldest first. */
  private awaitingFirstToken: { id: string; sentAt: number }[] = [];
  private awaitingEnd: string[] = [];
  readonly firstTokenMs: number[] = [];
  replies = 0;
  acked = new Set<string>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.onFrame(JSON.parse(data.toString()) as Frame));
    ws.on('error', (err) => this.errors.push(`socket: ${err.message}`));
  }

  static async open(base: string, attemptId: string, cookie: string): Promise<LiveSocket> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/interview/${attemptId}/live`, {
      headers: { cookie, origin: ORIGIN },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`handshake ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
    return new LiveSocket(ws);
  }

  private onFrame(frame: Frame) {
    // Deltas are only timed, not kept: a thousand candidates stream a lot of them.
    if (frame.type !== 'reply.delta') this.frames.push(frame);
    if (frame.type === 'ack' && frame.id) this.acked.add(frame.id);
    if (frame.type === 'error') this.errors.push(`${frame.code}: ${String(frame.message)}`);
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
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(frame)) return true;
      w.resolve(frame);
      return false;
    });
  }

  /** Frames before this index were taken by an earlier `next`. */
  private cursor = 0;

  /**
   * The next frame (after those already taken) that passes `test`, including frames that arrived
   * before the call: several frames often come in one read (state, then the introduction).
   */
  next(test: (f: Frame) => boolean, timeoutMs = 60_000): Promise<Frame> {
    for (let i = this.cursor; i < this.frames.length; i++) {
      if (test(this.frames[i]!)) {
        this.cursor = i + 1;
        return Promise.resolve(this.frames[i]!);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('timed out waiting for a frame')), timeoutMs);
      this.waiters.push({
        test,
        resolve: (f) => {
          clearTimeout(timer);
          this.cursor = this.frames.lastIndexOf(f) + 1;
          resolve(f);
        },
      });
    });
  }

  /** Begins or resumes: the conversation so far, in seq order. */
  async start(): Promise<Frame> {
    const state = this.next((f) => f.type === 'state');
    this.ws.send(JSON.stringify({ type: 'start' }));
    return state;
  }

  /** Sends an answer; resolves with its id (acks and replies are counted as they arrive). */
  answer(n: number): string {
    const id = crypto.randomUUID();
    const now = Date.now();
    this.awaitingEnd.push(id);
    this.ws.send(
      JSON.stringify({
        type: 'answer',
        id,
        text: ANSWERS[n % ANSWERS.length],
        mode: 'voice',
        confidence: 0.9,
        startedAt: now - 15_000,
        endedAt: now,
      }),
    );
    // Timed from after the send: what a candidate waits for.
    this.awaitingFirstToken.push({ id, sentAt: performance.now() });
    return id;
  }

  get outstanding() {
    return this.awaitingEnd.length;
  }

  close() {
    this.ws.close();
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
