import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESUME_LIMITS } from '@candor/shared';
import { z } from 'zod';
import type { Logger } from '../../../platform/logger';
import { RESUME_PROBLEMS, fail } from '../problems';
import { documentType, plainText } from './sniff';

/**
 * The document reader (issue 24, decision 036): PDF and DOCX résumés are read in a child process,
 * one file per child, never on the server's main thread. Each child has a deadline (it is killed
 * past it: "took too long"), a heap cap and, on Linux, a resident-memory cap polled from /proc
 * (killed past it: "too large"), runs at a lower CPU priority than the server, under Node's
 * permission model (reads only its own code and node_modules; no writes, no child processes)
 * and without the server's environment (no secrets). What it sends back is size-capped and
 * schema-checked before it is believed. One child at a time reads; a few files wait their turn,
 * at most one per candidate. A spare child is started after each reading, so the next file does
 * not wait for the parsers to load; it exits when unused for a while, or when the server goes.
 */

export interface DocumentReaderOptions {
  /** Wall-clock time for one file, counted once the child's parsers are loaded. */
  deadlineMs?: number;
  /** Resident memory of a child (Linux: polled); past it the child is killed. */
  memoryLimitMb?: number;
  /** The child's JavaScript heap (V8 aborts the child past it). */
  heapLimitMb?: number;
  /** Files waiting for the child that reads; more are refused (503). */
  queueLimit?: number;
  /** How long a spare child waits for a file before it exits. */
  spareIdleMs?: number;
  /** How long a child may take to load its parsers. */
  startTimeoutMs?: number;
  /** The child's file (tests of the built child); the one beside this module by default. */
  childFile?: string;
  /** Where a child that could not start is reported. */
  log?: Pick<Logger, 'warn'>;
}

/** Defaults chosen in decision 036 (a ten-page résumé takes ~20 ms and ~80 MB). */
export const READER_DEFAULTS = {
  deadlineMs: 5_000,
  memoryLimitMb: 512,
  heapLimitMb: 256,
  queueLimit: 8,
  spareIdleMs: 10 * 60_000,
  startTimeoutMs: 30_000,
} satisfies DocumentReaderOptions;

/** The reader cannot take this file now: its queue is full, or the candidate's last file is in it. */
export class ReaderBusyError extends Error {
  constructor(readonly reason: 'queue' | 'owner' | 'unavailable') {
    super(`the document reader is busy (${reason})`);
    this.name = 'ReaderBusyError';
  }
}

export interface DocumentReader {
  /** The résumé's text, a ResumeError saying why not, or a ReaderBusyError. */
  read(bytes: Buffer, owner?: string): Promise<string>;
  stats(): { reading: number; queued: number; spare: boolean };
  /** Starts the spare child if there is none; resolves once its parsers are loaded. */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** The most a child may write: `ready\n` and the JSON of the longest text (\u escapes: 6 bytes). */
const OUTPUT_MAX_BYTES = 8 + 6 * RESUME_LIMITS.maxTextChars + 64;
const READY = Buffer.from('ready\n');
const MEMORY_POLL_MS = 50;
/** A child the V8 heap limit stopped aborts itself. */
const HEAP_EXHAUSTED_SIGNAL = 'SIGABRT';

const resultSchema = z.union([
  z.object({ text: z.string().max(RESUME_LIMITS.maxTextChars) }).strict(),
  z.object({ problem: z.enum(RESUME_PROBLEMS) }).strict(),
]);

/** Resident bytes of a process (Linux); null where /proc is not there. */
function residentBytes(pid: number): number | null {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096;
  } catch {
    return null;
  }
}

/** The node_modules folder a package is installed in. */
function modulesDirOf(name: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  const at = entry.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  return entry.slice(0, at + `${path.sep}node_modules${path.sep}`.length);
}

/** The child's file: the bundle beside main.js (dist, build.mjs), or its TypeScript source. */
function defaultChildFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return import.meta.url.endsWith('.ts')
    ? path.join(here, 'child.ts')
    : path.join(here, 'document-reader.mjs');
}

/**
 * How the child is started. The built child runs under Node's permission model: it may read its
 * own file and the parsers' packages, nothing else (no DATA_DIR), and may not write, start
 * processes or threads. The TypeScript source (tests, `npm run dev`) runs through tsx, whose
 * loader needs a worker thread, esbuild's process and reads across the tree, so it runs without
 * the permission model; every cap below applies to both.
 */
function childCommand(file: string, heapLimitMb: number): string[] {
  const common = [
    `--max-old-space-size=${heapLimitMb}`,
    '--disallow-code-generation-from-strings',
    '--no-warnings',
  ];
  if (file.endsWith('.ts')) return [...common, '--import', 'tsx', file];
  const reads = new Set([file, modulesDirOf('unpdf'), modulesDirOf('mammoth')]);
  return [
    ...common,
    '--experimental-permission',
    ...[...reads].map((p) => `--allow-fs-read=${p}`),
    file,
  ];
}

type KillReason = 'deadline' | 'memory' | 'output' | 'start' | 'idle' | 'closed' | 'done';

interface Child {
  process: ChildProcess;
  /** True once the parsers are loaded; false when it ended first. */
  ready: Promise<boolean>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Resolves once a whole line followed `ready\n`: the answer, not yet believed. */
  answered: Promise<void>;
  /** What it wrote after `ready\n`. */
  output(): Buffer;
  killedFor: KillReason | null;
  kill(reason: KillReason): void;
  idleTimer: NodeJS.Timeout | null;
}

interface Job {
  bytes: Buffer;
  resolve(text: string): void;
  reject(err: Error): void;
}

export function createDocumentReader(options: DocumentReaderOptions = {}): DocumentReader {
  const limits = { ...READER_DEFAULTS, ...options };
  const command = childCommand(options.childFile ?? defaultChildFile(), limits.heapLimitMb);
  const queue: Job[] = [];
  const owners = new Set<string>();
  const children = new Set<Child>();
  let spare: Child | null = null;
  let reading = 0;
  let closed = false;

  function start(): Child {
    const proc = spawn(process.execPath, command, {
      stdio: ['pipe', 'pipe', 'ignore'],
      // Nothing of the server's environment (AUTH_SECRET, DATABASE_URL, API keys) reaches it.
      env: {},
    });
    if (proc.pid !== undefined) {
      try {
        // The server's event loop comes first when both want the CPU.
        os.setPriority(proc.pid, 10);
      } catch {
        // Not permitted on this system: the deadline still bounds the child.
      }
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let isReady = false;
    let markReady!: (ready: boolean) => void;
    let markAnswered!: () => void;
    const child: Child = {
      process: proc,
      ready: new Promise<boolean>((r) => (markReady = r)),
      exited: new Promise((resolve) =>
        proc.on('close', (code, signal) => {
          children.delete(child);
          if (child.idleTimer) clearTimeout(child.idleTimer);
          clearTimeout(startTimer);
          markReady(false);
          if (spare === child) spare = null;
          resolve({ code, signal });
        }),
      ),
      answered: new Promise<void>((r) => (markAnswered = r)),
      output: () => Buffer.concat(chunks).subarray(READY.length),
      killedFor: null,
      kill(reason) {
        child.killedFor ??= reason;
        if (spare === child) spare = null;
        proc.kill('SIGKILL');
      },
      idleTimer: null,
    };
    const startTimer = setTimeout(() => child.kill('start'), limits.startTimeoutMs);
    startTimer.unref();
    proc.on('error', () => child.kill('start'));
    proc.stdin!.on('error', () => undefined); // EPIPE when it was killed before reading
    proc.stdout!.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > OUTPUT_MAX_BYTES) return child.kill('output');
      chunks.push(chunk);
      if (!isReady && received >= READY.length) {
        if (!Buffer.concat(chunks).subarray(0, READY.length).equals(READY)) {
          return child.kill('output');
        }
        isReady = true;
        clearTimeout(startTimer);
        markReady(true);
      }
      if (isReady && child.output().includes(0x0a)) markAnswered();
    });
    children.add(child);
    return child;
  }

  /** A loaded child waits for the next file (killed if unused for spareIdleMs). */
  function keepSpare() {
    if (closed || spare) return;
    const child = start();
    child.idleTimer = setTimeout(() => child.kill('idle'), limits.spareIdleMs);
    child.idleTimer.unref();
    spare = child;
  }

  function takeChild(): Child {
    const child = spare ?? start();
    spare = null;
    if (child.idleTimer) clearTimeout(child.idleTimer);
    child.idleTimer = null;
    return child;
  }

  /** One file through one child, whatever happens to the child. */
  async function readInChild(bytes: Buffer): Promise<string> {
    const child = takeChild();
    child.process.stdin!.end(bytes);
    if (!(await child.ready)) {
      const { code, signal } = await child.exited;
      if (child.killedFor !== 'closed') {
        options.log?.warn(
          { code, signal, reason: child.killedFor },
          'the document reader could not start a child process',
        );
      }
      throw new ReaderBusyError('unavailable');
    }
    const deadline = setTimeout(() => child.kill('deadline'), limits.deadlineMs);
    const memory = setInterval(() => {
      const rss = child.process.pid === undefined ? null : residentBytes(child.process.pid);
      if (rss !== null && rss > limits.memoryLimitMb * 1024 * 1024) child.kill('memory');
    }, MEMORY_POLL_MS);
    // The answer is taken as soon as its line is whole: the child has nothing left to do, and
    // waiting for its exit would add its tear-down to every upload.
    const answered = await Promise.race([
      child.answered.then(() => true),
      child.exited.then(() => false),
    ]).finally(() => {
      clearTimeout(deadline);
      clearInterval(memory);
    });
    if (answered && child.killedFor === null) {
      child.kill('done');
      return believe(child.output());
    }
    const { signal } = await child.exited;
    if (child.killedFor === 'deadline') throw fail('too-slow');
    if (child.killedFor === 'memory' || signal === HEAP_EXHAUSTED_SIGNAL) throw fail('too-large');
    if (child.killedFor === 'closed') throw new ReaderBusyError('unavailable');
    // It ended without a whole line, or was ended for writing too much.
    throw fail('unreadable');
  }

  /** The child's one line, checked: text within the cap, or a known problem. */
  function believe(output: Buffer): string {
    const line = output.subarray(0, output.indexOf(0x0a));
    let parsed: z.infer<typeof resultSchema>;
    try {
      parsed = resultSchema.parse(JSON.parse(line.toString('utf8')));
    } catch {
      throw fail('unreadable');
    }
    if ('problem' in parsed) throw fail(parsed.problem);
    return parsed.text;
  }

  function pump() {
    while (!closed && reading < 1 && queue.length > 0) {
      const job = queue.shift()!;
      reading++;
      readInChild(job.bytes)
        .then(job.resolve, job.reject)
        .finally(() => {
          reading--;
          keepSpare();
          pump();
        });
    }
  }

  return {
    async read(bytes, owner) {
      if (bytes.length === 0) throw fail('empty');
      if (documentType(bytes) === 'other') return plainText(bytes);
      if (closed) throw new ReaderBusyError('unavailable');
      if (owner !== undefined && owners.has(owner)) throw new ReaderBusyError('owner');
      if (queue.length >= limits.queueLimit) throw new ReaderBusyError('queue');
      if (owner !== undefined) owners.add(owner);
      try {
        return await new Promise<string>((resolve, reject) => {
          queue.push({ bytes, resolve, reject });
          pump();
        });
      } finally {
        if (owner !== undefined) owners.delete(owner);
      }
    },
    stats: () => ({ reading, queued: queue.length, spare: spare !== null }),
    async warm() {
      keepSpare();
      await spare?.ready;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new ReaderBusyError('unavailable'));
      const all = [...children];
      for (const child of all) child.kill('closed');
      await Promise.all(all.map((c) => c.exited));
    },
  };
}
