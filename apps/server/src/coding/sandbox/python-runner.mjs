// The Python sandbox's child process (issue 16, decision 031): Pyodide (CPython compiled to
// WebAssembly) loaded once, then each test run in a fresh namespace. Plain JavaScript, no build
// step: it is started by its path, under Node's permission model (it may read Pyodide's own files
// and nothing else, write nothing, start no process or thread) and with code generation from
// strings disallowed, so a Python program that reaches a JavaScript object through Pyodide's
// bridge still cannot evaluate code, read a file, or open a connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const pyodideDir = process.env.CANDOR_PYODIDE_DIR;
const KEEP_CHARS = 4_000;
const cut = (text) => (text.length > KEEP_CHARS ? `${text.slice(0, KEEP_CHARS)}…` : text);

// Pyodide's node file system asks the deprecated process.binding for the fs flags, which the
// permission model refuses: the flags are public constants, given here.
process.binding = (name) => {
  if (name === 'constants') return { fs: fs.constants, os: os.constants };
  throw new Error(`process.binding(${name}) is not available`);
};

const HARNESS = `
import builtins, json, sys, time

def __candor_snapshot():
    return (dict(builtins.__dict__), set(sys.modules))

__candor_base = __candor_snapshot()

def __candor_run(code, entry, args_json):
    ns = {'__name__': '__main__', '__builtins__': builtins}
    exec(compile(code, 'solution.py', 'exec'), ns)
    fn = ns.get(entry)
    if not callable(fn):
        raise NameError(f"{entry} is not defined as a function")
    result = fn(*json.loads(args_json))
    return json.dumps(result)

def __candor_tidy():
    """After a submission: forget modules it imported (the next one imports them afresh) and say
    whether it changed a builtin, in which case this interpreter is replaced."""
    builtins_before, modules_before = __candor_base
    for name in set(sys.modules) - modules_before:
        del sys.modules[name]
    now = builtins.__dict__
    return len(now) == len(builtins_before) and all(now.get(k) is v for k, v in builtins_before.items())
`;

let output = '';
/** A JavaScript error came up through the interpreter: it may be left half-way, so it is replaced. */
let unsound = false;
let outputOver = false;
let outputLimit = 64 * 1024;

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, 'pyodide.mjs')).href);
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}${path.sep}`,
  // Python's `js` module sees an empty object, not this process's globals.
  jsglobals: Object.create(null),
  stdout: (line) => write(`${line}\n`),
  stderr: (line) => write(`${line}\n`),
});
// Nothing more is loaded from anywhere: no fetch for a program to reach.
delete globalThis.fetch;
pyodide.runPython(HARNESS);
// The bridge back to JavaScript is not importable by the candidate's code.
pyodide.runPython(`
import sys
for name in ('js', 'pyodide_js', 'pyodide', 'pyodide.ffi', 'pyodide.code', 'pyodide.http', 'pyodide.webloop'):
    sys.modules[name] = None
`);
const run = pyodide.globals.get('__candor_run');
const tidy = pyodide.globals.get('__candor_tidy');

function write(text) {
  if (outputOver) throw new Error('Output limit exceeded');
  if (output.length + text.length > outputLimit) {
    output = (output + text).slice(0, outputLimit);
    outputOver = true;
    // Raised inside the program's print: it stops printing.
    throw new Error('Output limit exceeded');
  }
  output += text;
}

function runTest(request, test, index) {
  output = '';
  outputOver = false;
  const started = performance.now();
  const done = (verdict, extra = {}) => ({
    index,
    verdict,
    ...(output ? { stdout: output } : {}),
    ...extra,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
  });
  try {
    const actual = run(request.code, request.entryPoint, test.input);
    const elapsed = performance.now() - started;
    if (outputOver) return done('output-limit', { error: 'Output limit exceeded' });
    if (elapsed > request.timeLimitMs) return done('time-limit', { error: 'Time limit exceeded' });
    return done('compared', { actual: String(actual) });
  } catch (err) {
    if (err?.constructor?.name !== 'PythonError') unsound = true;
    const message = String(err?.message ?? err);
    const last = message.trim().split('\n').filter(Boolean).at(-1) ?? message;
    if (outputOver) return done('output-limit', { error: 'Output limit exceeded' });
    if (/MemoryError/.test(last)) return done('memory-limit', { error: 'Memory limit exceeded' });
    return done('error', { error: cut(last) });
  }
}

process.on('message', (message) => {
  if (message.type !== 'run') return;
  outputLimit = message.limits.outputLimitBytes;
  const started = performance.now();
  const tests = message.request.tests.map((test, i) => runTest(message.request, test, i));
  let pristine;
  try {
    pristine = tidy();
  } catch {
    pristine = false;
  }
  process.send({
    type: 'result',
    id: message.id,
    tests,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
    // A program that changed a builtin leaves this interpreter to nobody else.
    recycle: unsound || !pristine || pyodide._module.HEAP8.length > message.limits.memoryLimitBytes,
  });
});
process.send({ type: 'ready' });
