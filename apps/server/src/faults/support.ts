import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import WebSocket from 'ws';
import type { ServerFrame } from '@candor/shared';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../ai/testing/fake-openai-server';
import { killOnExit } from '../test/postgres-server';

/** Helpers of the fault suite (not shipped code): a server process, HTTP and live clients, a faulty model host. */

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'Secret1!x';
export const AUTH_SECRET = 'fault-suite-secret-fault-suite-secret-0123';

// ---------------------------------------------------------------------------------------------
// The real entry point as a separate OS process, so it can be killed with SIGKILL.

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:port once it listens. */
  url: Promise<string>;
  exited: Promise<number | null>;
  output(): string;
}

export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: ORIGIN,
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      AUTH_SECRET,
      SIGN_IN_RATE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  killOnExit(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  url.catch(() => undefined);
  return { child, url, exited, output: () => output };
}

// ---------------------------------------------------------------------------------------------
// HTTP as a browser would speak it.

export interface Candidate {
  cookie: string;
  userId: string;
  email?: string;
}

function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function api(
  base: string,
  method: string,
  url: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<{ status: number; json: unknown; text: string; res: Response }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: ORIGIN,
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, json, text, res };
}

export async function signUpOver(base: string, name: string): Promise<Candidate> {
  const email = `${name.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      name: `${name} Tester`,
      firstName: name,
      lastName: 'Tester',
      experienceLevel: 'mid',
    }),
  });
  const body = (await res.json()) as { user?: { id: string } };
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { cookie: cookieOf(res), userId: body.user!.id, email };
}

export async function createAttemptOver(
  base: string,
  cookie: string,
  interviewSetId: string,
): Promise<string> {
  const res = await api(base, 'POST', '/api/interview', { cookie, body: { interviewSetId } });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${res.text}`);
  return (res.json as { id: string }).id;
}

export interface ConversationMessage {
  id: string;
  seq: number;
  speaker: 'AI' | 'User';
  message: string;
  meta?: { failed?: boolean } | null;
}

export async function conversationOf(
  base: string,
  cookie: string,
  id: string,
): Promise<{ status: string; conversation: ConversationMessage[] }> {
  const res = await api(base, 'GET', `/api/interview/${id}`, { cookie });
  if (res.status !== 200) throw new Error(`read failed: ${res.status} ${res.text}`);
  return res.json as { status: string; conversation: ConversationMessage[] };
}

/** Polls the report until it is no longer pending (the timeout is only a safety net). */
export async function finalReport(
  base: string,
  cookie: string,
  id: string,
  timeoutMs = 30_000,
): Promise<{ status: string; provider?: string; fallback?: boolean }> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await api(base, 'GET', `/api/report/interview/${id}`, { cookie });
    const body = res.json as { status?: string };
    if (res.status === 200 && body.status !== 'pending') return body as { status: string };
    if (Date.now() > until) throw new Error(`report still pending: ${res.status} ${res.text}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// ---------------------------------------------------------------------------------------------
// A live-channel client that notices when the server goes away.

export class Live {
  readonly frames: ServerFrame[] = [];
  closed = false;
  private cursor = 0;
  private wake: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame);
      this.notify();
    });
    ws.on('close', () => {
      this.closed = true;
      this.notify();
    });
    ws.on('error', () => undefined);
  }

  private notify() {
    const list = this.wake;
    this.wake = [];
    for (const w of list) w();
  }

  static async connect(base: string, id: string, cookie: string): Promise<Live> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/interview/${id}/live`, {
      headers: { cookie, origin: ORIGIN },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`unexpected response ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
    return new Live(ws);
  }

  send(frame: Record<string, unknown>) {
    if (!this.closed) this.ws.send(JSON.stringify(frame));
  }

  /**
   * The next frame (after those already taken) matching `test`; null when the socket closed
   * first. The timeout is a safety net against a hang.
   */
  async next(test: (f: ServerFrame) => boolean, timeoutMs = 20_000): Promise<ServerFrame | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        if (test(this.frames[i]!)) {
          this.cursor = i + 1;
          return this.frames[i]!;
        }
      }
      if (this.closed) return null;
      const left = until - Date.now();
      if (left <= 0) {
        throw new Error(`no expected frame; got ${JSON.stringify(this.frames.slice(this.cursor))}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async type<T extends ServerFrame['type']>(
    type: T,
    timeoutMs?: number,
  ): Promise<Extract<ServerFrame, { type: T }> | null> {
    return (await this.next((f) => f.type === type, timeoutMs)) as Extract<
      ServerFrame,
      { type: T }
    > | null;
  }

  close() {
    this.ws.close();
  }
}

// ---------------------------------------------------------------------------------------------
// A model host that fails: a proxy in front of the local OpenAI-compatible stand-in, injecting
// the faults of a real host (no answer, HTTP 500, garbage bodies, a stream cut in the middle).

export type Fault =
  | 'ok'
  /** Answers after a pause (widens the window in which a reply is in flight). */
  | 'slow'
  /** Accepts the request and never answers. */
  | 'hang'
  | 'http-500'
  /** 200 with an HTML page instead of JSON or an event stream. */
  | 'garbage-html'
  /** 200 with an event stream whose events are not JSON. */
  | 'garbage-sse'
  /** 200 with a JSON body of the wrong structure. */
  | 'garbage-json'
  /** The real answer, cut off after its first bytes (the connection is destroyed). */
  | 'truncated';

export interface FaultyModelHost {
  url: string;
  /** Decides the fault of each request: its kind and its number among requests of that kind. */
  decide: (kind: 'chat' | 'report', n: number) => Fault;
  counts: Record<Fault, number>;
  requests: { chat: number; report: number };
  close(): Promise<void>;
}

export async function startFaultyModelHost(): Promise<FaultyModelHost> {
  const upstream: FakeOpenAiServer = await startFakeOpenAiServer();
  const target = new URL(upstream.url);
  const open = new Set<http.ServerResponse>();
  const counts = Object.fromEntries(
    (
      [
        'ok',
        'slow',
        'hang',
        'http-500',
        'garbage-html',
        'garbage-sse',
        'garbage-json',
        'truncated',
      ] as Fault[]
    ).map((f) => [f, 0]),
  ) as Record<Fault, number>;
  const host: FaultyModelHost = {
    url: '',
    decide: () => 'ok',
    counts,
    requests: { chat: 0, report: 0 },
    close: async () => undefined,
  };

  const forward = (
    req: http.IncomingMessage,
    raw: Buffer,
    res: http.ServerResponse,
    cut: boolean,
  ) => {
    const out = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!cut) {
          answer.pipe(res);
          return;
        }
        answer.once('data', (chunk: Buffer) => {
          res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))));
          setTimeout(() => res.destroy(), 10);
          answer.destroy();
        });
      },
    );
    out.on('error', () => res.destroy());
    out.end(raw);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let stream = false;
      try {
        stream = Boolean((JSON.parse(raw.toString()) as { stream?: boolean }).stream);
      } catch {
        // the SDK always sends JSON
      }
      const kind = stream ? 'chat' : 'report';
      host.requests[kind] += 1;
      const fault = host.decide(kind, host.requests[kind]);
      counts[fault] += 1;
      open.add(res);
      res.on('close', () => open.delete(res));
      switch (fault) {
        case 'ok':
          return forward(req, raw, res, false);
        case 'slow':
          setTimeout(() => forward(req, raw, res, false), 150);
          return;
        case 'hang':
          return;
        case 'http-500':
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'internal error', type: 'server_error' } }));
          return;
        case 'garbage-html':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
          return;
        case 'garbage-sse':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end(
            'data: {"choices": [{"delta": {"content": "Hel\n\ndata: \u0000\u0001garbage}}\n\n',
          );
          return;
        case 'garbage-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ unexpected: true, choices: 'nope' }));
          return;
        case 'truncated':
          return forward(req, raw, res, true);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  host.url = `http://127.0.0.1:${port}/v1`;
  host.close = async () => {
    for (const res of open) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await upstream.close();
  };
  return host;
}
