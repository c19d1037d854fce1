import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import net from 'node:net';

/**
 * The one way the tests, the browser suite and the benchmarks start a process of ours (the
 * server's entry point, its build, a bench server), the one way they find a free port, and the
 * one way a stand-in server listens. Not shipped code.
 */

/** A loopback port nobody listens on now (for a process that must know its address up front). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * Starts a stand-in's HTTP server on a free loopback port. `close` destroys the answers it holds
 * open (`hanging`: a host told to hang), drops idle connections and waits for the server to stop.
 */
export async function listenOnLoopback(
  server: http.Server,
  hanging: Iterable<http.ServerResponse> = [],
): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface StartedProcess<T> {
  child: ChildProcess;
  /** What `ready` found in the output; rejects if the process exits or times out first. */
  ready: Promise<T>;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** Sends `signal` (SIGTERM by default) and waits for the exit; at once if it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface StartOptions<T> {
  /** Node's arguments: `['--import', 'tsx', 'src/main.ts']`, `['apps/server/dist/main.js']`… */
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Reads the output so far: a value once the process is ready, undefined until then. */
  ready: (output: string) => T | undefined;
  /** How long it may take to be ready (60 s by default). */
  timeoutMs?: number;
  /** Also appends the output to this file (kept for a failing spec's investigation). */
  logFile?: string;
}

/**
 * Starts `node <args>` and watches its output until `ready` finds what it waits for. The child
 * never outlives the test process (it is killed on exit), and one that is not ready in time is
 * killed and its output given in the error.
 */
export function startProcess<T>(options: StartOptions<T>): StartedProcess<T> {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  const log = options.logFile ? fs.openSync(options.logFile, 'a') : null;
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.removeListener('exit', reap);
      if (log !== null) fs.closeSync(log);
      resolve(code);
    }),
  );
  const ready = new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = setTimeout(() => {
      if (done) return;
      done = true;
      child.kill('SIGKILL');
      reject(new Error(`not ready in ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (log !== null) fs.writeSync(log, chunk);
      if (done) return;
      const value = options.ready(output);
      if (value === undefined) return;
      done = true;
      clearTimeout(timer);
      resolve(value);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then((code) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before it was ready:\n${output}`));
    });
  });
  // A caller that only waits for the exit (a start meant to be refused) must not see this reject.
  ready.catch(() => undefined);
  return {
    child,
    ready,
    exited,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** The URL our server prints when it listens ("Server listening at http://127.0.0.1:PORT"). */
export function listeningUrl(output: string): string | undefined {
  return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
}

/** Whether our server said it is ready (migrations, seeding and the first administrator done). */
export function saidReady(output: string): true | undefined {
  return /"msg":"ready"/.test(output) ? true : undefined;
}
