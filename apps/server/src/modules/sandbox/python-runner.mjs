// The Python sandbox's child process (issue 16; issue 24, decision 031). Plain JavaScript, no
// build step: started by its path, in its own network namespace where the machine allows it,
// under Node's permission model (it reads Pyodide's files, this file and the snapshot; it writes
// nothing and starts nothing) and with code generation from strings disallowed.
//
// One child serves ONE submission and is then killed: Pyodide starts from a memory snapshot, says
// "ready", gets one job (the code and the entry point) and that job's test inputs one at a time,
// and answers each with the JSON of what the code returned. It never sees an expected value, and
// nothing of another candidate ever passes through it, so a program that reaches Pyodide's bridge
// to JavaScript (it can: decision 031) finds only its own submission there.
//
// Frames are JSON lines: host → child on stdin, child → host on stdout. Nothing else in this
// process writes to stdout. With CANDOR_PYODIDE_MAKE set, it makes the snapshot instead (trusted:
// no candidate code runs in that mode) and writes it to that path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { pathToFileURL } from 'node:url';

// One submission, then the end: optimising compilers would burn CPU for nothing. Liftoff alone
// starts a child in 0.33 CPU-seconds instead of 0.52 (and a hot loop ran no slower). A V8 that
// does not know the flag ignores it.
v8.setFlagsFromString('--liftoff-only');
// stdout carries frames only.
for (const name of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir']) {
  console[name] = () => undefined;
}
// Pyodide's node file system asks the deprecated process.binding for the fs flags, which the
// permission model refuses: the flags are public constants, given here.
process.binding = (name) => {
  if (name === 'constants') return { fs: fs.constants, os: os.constants };
  throw new Error(`process.binding(${name}) is not available`);
};

const pyodideDir = process.env.CANDOR_PYODIDE_DIR;
const KEEP_CHARS = 4_000;
const cut = (text) => (text.length > KEEP_CHARS ? `${text.slice(0, KEEP_CHARS)}…` : text);

/** Defined before the snapshot is taken, so every child starts with it. */
const HARNESS = `
import builtins, json, sys

def __candor_run(code, entry, args_json):
    ns = {'__name__': '__main__', '__builtins__': builtins}
    exec(compile(code, 'solution.py', 'exec'), ns)
    fn = ns.get(entry)
    if not callable(fn):
        raise NameError(f"{entry} is not defined as a function")
    return json.dumps(fn(*json.loads(args_json)))

def __candor_flush():
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except BaseException:
            pass
`;

function send(message) {
  const bytes = Buffer.from(`${JSON.stringify(message)}\n`);
  let written = 0;
  while (written < bytes.length) {
    try {
      written += fs.writeSync(1, bytes, written);
    } catch (err) {
      if (err?.code !== 'EAGAIN') process.exit(1);
    }
  }
}

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, 'pyodide.mjs')).href);
const base = { indexURL: `${pyodideDir}${path.sep}`, jsglobals: Object.create(null) };

if (process.env.CANDOR_PYODIDE_MAKE) {
  const pyodide = await loadPyodide({ ...base, _makeSnapshot: true });
  pyodide.runPython(HARNESS);
  fs.writeFileSync(process.env.CANDOR_PYODIDE_MAKE, pyodide.makeMemorySnapshot());
  process.exit(0);
}

let output = '';
let outputOver = false;
/** After a test, what Python still held in its buffers is thrown away, not handed on. */
let discarding = false;
let job = null;
const decoder = new TextDecoder();

/**
 * Python's stdout and stderr: bytes as Python flushes them (line by line: the streams say they
 * are terminals), never accumulated here past the limit. Over it, the write fails inside the
 * program's print, which stops it printing.
 */
function write(bytes) {
  if (discarding) return bytes.length;
  if (outputOver) throw new Error('Output limit exceeded');
  const text = decoder.decode(bytes, { stream: true });
  if (output.length + text.length > job.outputLimit) {
    output = (output + text).slice(0, job.outputLimit);
    outputOver = true;
    throw new Error('Output limit exceeded');
  }
  output += text;
  return bytes.length;
}

const pyodide = await loadPyodide({
  ...base,
  _loadSnapshot: fs.readFileSync(process.env.CANDOR_PYODIDE_SNAPSHOT),
});
pyodide.setStdout({ write, isatty: true });
pyodide.setStderr({ write, isatty: true });
// Nothing more is loaded from anywhere.
delete globalThis.fetch;
// A first line only: the bridge can be imported again (decision 031). The boundary is the process.
pyodide.runPython(`
import sys
for name in ('js', 'pyodide_js', 'pyodide', 'pyodide.ffi', 'pyodide.code', 'pyodide.http', 'pyodide.webloop'):
    sys.modules[name] = None
`);
const run = pyodide.globals.get('__candor_run');
const flush = pyodide.globals.get('__candor_flush');

/** The program's call: its value (JSON) or its exception. */
function call(input) {
  try {
    return { value: run(job.code, job.entry, input) };
  } catch (err) {
    return { err };
  }
}

function runTest(index, input) {
  output = '';
  outputOver = false;
  const started = performance.now();
  const { value, err } = call(input);
  // What the program printed without an end of line is its output too, up to the limit; what is
  // left after that is dropped, so nothing of this test is printed in the next.
  flush();
  discarding = true;
  flush();
  discarding = false;
  output += decoder.decode();
  const result = (status, extra) => ({
    t: 'result',
    i: index,
    status,
    ...(output ? { stdout: output.slice(0, job.outputLimit) } : {}),
    ...extra,
    ms: Math.round((performance.now() - started) * 100) / 100,
  });
  if (outputOver) return result('output-limit', { error: 'Output limit exceeded' });
  if (err === undefined) {
    if (typeof value !== 'string') return result('error', { error: 'No value came back' });
    if (value.length > job.valueLimit) {
      return result('output-limit', {
        error: `Output limit exceeded: the returned value is over ${job.valueLimit} characters of JSON`,
      });
    }
    return result('value', { value });
  }
  // Pyodide's PythonError names the exception's class.
  if (err?.type === 'MemoryError')
    return result('memory-limit', { error: 'Memory limit exceeded' });
  const message = String(err?.message ?? err);
  const last = message.trim().split('\n').filter(Boolean).at(-1) ?? message;
  // A JavaScript error came up through the interpreter: it may be half-way through something, so
  // this child answers no more tests (the host marks them not run).
  if (err?.constructor?.name !== 'PythonError') {
    send(result('error', { error: cut(last) }));
    process.exit(0);
  }
  return result('error', { error: cut(last) });
}

let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  // The host sends a job of at most tens of KB: anything larger is not the host.
  if (pending.length > 4_000_000) process.exit(1);
  for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
    const message = JSON.parse(pending.slice(0, nl));
    pending = pending.slice(nl + 1);
    if (message.t === 'job' && !job) job = message;
    else if (message.t === 'test' && job) send(runTest(message.i, message.input));
    else process.exit(1);
  }
});
// The host is gone (or done with this child): nothing is left to do.
process.stdin.on('end', () => process.exit(0));
send({ t: 'ready' });
