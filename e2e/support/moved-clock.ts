import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer, type RunningServer } from './server';

/**
 * A server whose clock the spec moves forward, so a 10-minute interview held at a human pace
 * takes a minute of real time (docs/testing.md: time rules are never waited for). The production
 * build runs unchanged: a module loaded before it (`--import`) makes every `Date` of the process
 * read real time plus an offset the spec writes to a file. Only this spec's own server is moved;
 * the browser keeps real time (its timer display is not what these specs read).
 */

/** Loaded with `--import` into the server process: `Date` reads real time plus the file's offset. */
const SHIM = `
import fs from 'node:fs';
const file = process.env.E2E_CLOCK_FILE;
let offset = 0;
const read = () => {
  try { offset = Number(fs.readFileSync(file, 'utf8')) || 0; } catch {}
};
read();
setInterval(read, 20).unref();
const RealDate = Date;
globalThis.Date = new Proxy(RealDate, {
  construct(target, args) {
    return args.length === 0 ? new target(target.now() + offset) : new target(...args);
  },
  apply(target) {
    return new target(target.now() + offset).toString();
  },
  get(target, key) {
    if (key === 'now') return () => target.now() + offset;
    return Reflect.get(target, key);
  },
});
`;

/** How long the server takes at most to read a new offset (it polls every 20 ms). */
const SEEN_MS = 120;

export interface MovedClockServer extends RunningServer {
  /** Moves the server's clock forward by `ms` (resolves once the server reads it). */
  advance(ms: number): Promise<void>;
  /** How far the clock was moved so far. */
  readonly offsetMs: number;
}

export async function startServerWithMovedClock(
  env: Record<string, string> = {},
): Promise<MovedClockServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-e2e-clock-'));
  const shim = path.join(dir, 'moved-clock.mjs');
  const file = path.join(dir, 'offset');
  fs.writeFileSync(shim, SHIM);
  fs.writeFileSync(file, '0');
  const server = await startServer({
    ...env,
    E2E_CLOCK_FILE: file,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(shim).href}`.trim(),
  });
  let offsetMs = 0;
  return {
    ...server,
    get offsetMs() {
      return offsetMs;
    },
    async advance(ms: number) {
      offsetMs += ms;
      fs.writeFileSync(file, String(offsetMs));
      await new Promise((resolve) => setTimeout(resolve, SEEN_MS));
    },
    async stop() {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
