import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { ClientFrame, QuestionKind, ServerFrame } from '@candor/shared';
import type { App } from '../../app';
import type { Db } from '../../db/client';
import { categories, interviewSets, questions } from '../../db/schema';
import { cookiesFrom } from '../../test/harness';

/** Test helpers for the interview and report suites (not shipped code). */

export const ORIGIN = 'http://localhost:3000';

export async function signUp(app: App, name = 'Ada'): Promise<{ cookie: string; userId: string }> {
  const email = `${name.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: {
      email,
      password: 'Secret1!x',
      name: `${name} Tester`,
      firstName: name,
      lastName: 'Tester',
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookiesFrom(res.headers['set-cookie']), userId: res.json().user.id };
}

export async function insertSet(
  db: Db,
  options: {
    type: 'fixed' | 'topic-based';
    title?: string;
    topics?: string[];
    difficulty?: 'junior' | 'mid' | 'senior' | 'staff';
    duration?: number;
    isActive?: boolean;
    questions?: {
      questionText: string;
      expectedAnswer?: string | null;
      kind?: QuestionKind;
      keyPoints?: string[];
    }[];
  },
): Promise<string> {
  const [category] = await db
    .insert(categories)
    .values({ name: `Cat ${crypto.randomBytes(3).toString('hex')}` })
    .returning();
  const [set] = await db
    .insert(interviewSets)
    .values({
      categoryId: category!.id,
      title: options.title ?? 'Test set',
      type: options.type,
      difficulty: options.difficulty ?? 'mid',
      topics: options.topics ?? [],
      duration: options.duration ?? 30,
      isActive: options.isActive ?? true,
    })
    .returning();
  const list = options.questions ?? [];
  if (list.length > 0) {
    await db.insert(questions).values(
      list.map((q, i) => ({
        interviewSetId: set!.id,
        questionText: q.questionText,
        expectedAnswer: q.expectedAnswer ?? null,
        ...(q.kind ? { kind: q.kind } : {}),
        ...(q.keyPoints ? { keyPoints: q.keyPoints } : {}),
        order: i + 1,
      })),
    );
  }
  return set!.id;
}

export async function createAttempt(app: App, cookie: string, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/interview',
    headers: { cookie, origin: ORIGIN },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; roomId: string };
}

/** A live-channel client over a real WebSocket, collecting frames for assertions. */
export class LiveClient {
  readonly frames: ServerFrame[] = [];
  private waiters: { test: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  private cursor = 0;

  /** How the socket closed (code and reason), once it does. */
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Pings received from the server. */
  pings = 0;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('ping', () => (this.pings += 1));
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as ServerFrame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => {
        if (w.test(frame)) {
          w.resolve(frame);
          return false;
        }
        return true;
      });
    });
  }

  /** `autoPong: false` makes a client that never answers the server's pings. */
  static async connect(
    app: App,
    id: string,
    cookie: string,
    options: { autoPong?: boolean } = {},
  ): Promise<LiveClient> {
    const { port } = app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/interview/${id}/live`, {
      headers: { cookie, origin: ORIGIN },
      autoPong: options.autoPong ?? true,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`unexpected response ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
    return new LiveClient(ws);
  }

  /** Status code of a refused handshake. */
  static async refusal(app: App, id: string, cookie: string, origin = ORIGIN): Promise<number> {
    const { port } = app.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/interview/${id}/live`, {
      headers: { cookie, origin },
    });
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('handshake was accepted')));
      ws.once('error', () => undefined);
    });
  }

  send(frame: ClientFrame | Record<string, unknown> | string) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (after those already taken) of the given type. */
  async next<T extends ServerFrame['type']>(
    type: T,
    timeoutMs = 10_000,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    for (let i = this.cursor; i < this.frames.length; i++) {
      if (this.frames[i]!.type === type) {
        this.cursor = i + 1;
        return this.frames[i] as Extract<ServerFrame, { type: T }>;
      }
    }
    const frame = await new Promise<ServerFrame>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`no ${type} frame; got ${JSON.stringify(this.frames.slice(this.cursor))}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        test: (f) => f.type === type,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      });
    });
    this.cursor = this.frames.indexOf(frame) + 1;
    return frame as Extract<ServerFrame, { type: T }>;
  }

  /** Sends an answer and returns the stored reply (after its ack). */
  async answer(text: string, extra: Record<string, unknown> = {}) {
    const id = crypto.randomUUID();
    this.send({ type: 'answer', id, text, mode: 'typed', ...extra });
    const ack = await this.next('ack');
    const end = await this.next('reply.end');
    return { id, ack, reply: end.message };
  }

  close() {
    this.ws.close();
  }
}

export async function waitForReport(app: App, cookie: string, id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/report/interview/${id}`,
      headers: { cookie },
    });
    if (res.statusCode === 200 && res.json().status !== 'pending') return res.json();
    if (Date.now() > until) throw new Error(`report still pending: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
