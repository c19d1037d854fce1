import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the operating system adds around a Python child (issue 24, decision 031), found once per
 * process by trying it:
 * - a network namespace of its own (`unshare -rn`: a user and a network namespace, allowed to
 *   unprivileged users where the kernel permits; else `unshare -n`, which needs root), in which
 *   the only interface is a loopback that is down: Pyodide's node sockets reach nothing;
 * - `setpriv --pdeathsig KILL`: the child is killed if the server dies first, so a child stuck in
 *   a loop is never left behind.
 * A prefix is kept only when a node started through it runs and sees no network interface.
 */

export interface PythonIsolation {
  /** Put before `node …` when starting a child. */
  prefix: string[];
  /** The child has its own, empty network namespace. */
  network: boolean;
  /** What is missing and why, for the start-up log. */
  missing: string[];
}

/** A node starting on a very busy machine: a slow probe must not turn Python off. */
const PROBE_MS = 15_000;
/** Prints the names of the network interfaces the process sees. */
const PROBE =
  "process.stdout.write(JSON.stringify(Object.keys(require('os').networkInterfaces())))";

function which(name: string, pathVar = process.env.PATH ?? ''): string | null {
  for (const dir of pathVar.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // Not here.
    }
  }
  return null;
}

/** Runs `prefix node -e PROBE`: the interfaces it sees, or null when it did not run. */
function tryPrefix(prefix: string[]): Promise<string[] | null> {
  return new Promise((resolve) => {
    const [command, ...args] = [...prefix, process.execPath, '-e', PROBE];
    const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'ignore'], env: {} });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_MS);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (out.length < 10_000) out += chunk;
    });
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        const names: unknown = JSON.parse(out);
        resolve(code === 0 && Array.isArray(names) ? names.map(String) : null);
      } catch {
        resolve(null);
      }
    });
  });
}

/** Every interface but a loopback means a network the child could reach. */
const noNetwork = (names: string[]) => names.every((n) => n === 'lo');

export async function probeIsolation(
  options: { unshare?: string | null; setpriv?: string | null } = {},
): Promise<PythonIsolation> {
  const unshare = options.unshare === undefined ? which('unshare') : options.unshare;
  const setpriv = options.setpriv === undefined ? which('setpriv') : options.setpriv;
  const guard = setpriv ? [setpriv, '--pdeathsig', 'KILL', '--'] : [];
  const missing: string[] = [];
  if (unshare) {
    for (const flags of [['-rn'], ['-n']]) {
      for (const tail of guard.length ? [guard, []] : [[]]) {
        const prefix = [unshare, ...flags, '--', ...tail];
        const names = await tryPrefix(prefix);
        if (names && noNetwork(names)) {
          if (!tail.length)
            missing.push('setpriv --pdeathsig (a child may outlive a crashed server)');
          return { prefix, network: true, missing };
        }
      }
    }
    missing.push('a network namespace (unshare -rn and unshare -n both failed here)');
  } else {
    missing.push('a network namespace (the unshare command is not installed)');
  }
  if (guard.length && (await tryPrefix(guard))) return { prefix: guard, network: false, missing };
  if (!guard.length) missing.push('setpriv --pdeathsig (a child may outlive a crashed server)');
  return { prefix: [], network: false, missing };
}

let probed: Promise<PythonIsolation> | null = null;
/** The probe, run once per process. */
export const pythonIsolation = () => (probed ??= probeIsolation());

/** CODE_PYTHON: `auto` runs Python only inside a network namespace; `on` runs it anyway; `off` never. */
export type CodePython = 'auto' | 'on' | 'off';

export interface PythonSupport {
  enabled: boolean;
  isolation: PythonIsolation;
  /** What the start-up log says: `warn` when a protection is missing or Python is off for it. */
  level: 'info' | 'warn';
  message: string;
}

export function pythonSupport(mode: CodePython, isolation: PythonIsolation): PythonSupport {
  const missing = isolation.missing.length ? ` Missing: ${isolation.missing.join('; ')}.` : '';
  if (mode === 'off') {
    return {
      enabled: false,
      isolation,
      level: 'info',
      message: 'Python code runs are off (CODE_PYTHON=off)',
    };
  }
  if (isolation.network) {
    return {
      enabled: true,
      isolation,
      level: isolation.missing.length ? 'warn' : 'info',
      message: `Python code runs in a child process with its own network namespace.${missing}`,
    };
  }
  if (mode === 'on') {
    return {
      enabled: true,
      isolation,
      level: 'warn',
      message: `Python code runs WITHOUT network isolation (CODE_PYTHON=on): candidates' code could open connections from this server.${missing}`,
    };
  }
  return {
    enabled: false,
    isolation,
    level: 'warn',
    message: `Python code runs are off: this machine cannot give the runner its own network namespace, so candidates' code could open connections from it.${missing} Set CODE_PYTHON=on to run Python anyway, or CODE_PYTHON=off to turn it off without this warning.`,
  };
}
