import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { seedPgliteDataDir } from '../test/harness';
import { listeningUrl, startProcess } from '../test/processes';
import { ORIGIN } from '../test/users';

/**
 * Helpers of the fault suite (not shipped code): the server as a separate process and HTTP as a
 * browser speaks it. The live client, the sign-up and the faulty model host are the server
 * tests' own (src/test).
 */

export { ORIGIN, TEST_PASSWORD as PASSWORD } from '../test/users';
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

/**
 * The server's entry point on `env`. On PGlite (a DATA_DIR and no DATABASE_URL) a data directory
 * with no database yet gets a copy of the run's migrated one first, so the start skips initdb;
 * `freshDatabase` keeps the empty directory, for a test about what a first start does.
 */
export function startServerProcess(
  env: Record<string, string>,
  options: { freshDatabase?: boolean } = {},
): ServerProcess {
  if (env.DATA_DIR && !env.DATABASE_URL && !options.freshDatabase) {
    seedPgliteDataDir(path.join(env.DATA_DIR, 'pglite'));
  }
  const started = startProcess({
    args: ['--import', 'tsx', 'src/main.ts'],
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
    ready: listeningUrl,
  });
  return {
    child: started.child,
    url: started.ready,
    exited: started.exited,
    output: started.output,
  };
}

/** Kills each server process still running (nothing of it is needed) and waits for its exit. */
export async function killServers(servers: ServerProcess[]): Promise<void> {
  for (const server of servers) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP as a browser would speak it.

export interface Candidate {
  cookie: string;
  userId: string;
  email?: string;
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
