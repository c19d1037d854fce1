import fs from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import type { FromWorker, RunLimits, TestOutcome, ToWorker } from './protocol';

/*
 * A sandbox worker (issue 16; issue 24, decision 031): JavaScript runs in QuickJS compiled to
 * WebAssembly, inside this worker thread. The interpreter has no require, process, fetch, file
 * system, sockets or timers: only the language and the console.log handed in here. It is given a
 * submission's inputs, never the expected values, and answers each test with the JSON of what the
 * code returned; the host compares. Each test gets a fresh runtime and context.
 *
 * Memory: QuickJS's own limit counts allocations without their sizes in this build (it has no
 * malloc_usable_size), so a loop of small allocations ran past it to gigabytes and ended as a time
 * limit. The real bound is the WebAssembly memory: each interpreter module gets one with a maximum
 * (its start size plus the limit), and an allocation past it is QuickJS's "out of memory".
 */

const PAGE = 65_536;
const KEEP_ERROR_CHARS = 4_000;
const cut = (text: string) =>
  text.length > KEEP_ERROR_CHARS ? `${text.slice(0, KEEP_ERROR_CHARS)}…` : text;

const port = parentPort;
if (!port) throw new Error('the sandbox worker runs in a worker thread');

/** The part of WebAssembly used here (this project's TypeScript libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      compile(bytes: Uint8Array): Promise<object>;
      Memory: new (size: { initial: number; maximum: number }) => WasmMemory;
    };
  }
).WebAssembly;
type Variant = Parameters<typeof newVariant>[1];

const wasmFile = createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm');
const wasm = (await Wasm.compile(await fs.promises.readFile(wasmFile))) as Variant['wasmModule'];
/** The memory the module starts with (its own declaration), measured once. */
const basePages =
  (
    await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule: wasm }))
  ).getWasmMemory().buffer.byteLength / PAGE;

interface Interpreter {
  quickjs: QuickJSWASMModule;
  memory: WasmMemory;
  maxBytes: number;
  /** Something failed outside the language (a runtime that would not free): not used again. */
  broken: boolean;
}

async function newInterpreter(limits: RunLimits): Promise<Interpreter> {
  const maximum = basePages + Math.ceil(limits.memoryLimitBytes / PAGE);
  const memory = new Wasm.Memory({ initial: basePages, maximum });
  const quickjs = await newQuickJSWASMModuleFromVariant(
    newVariant(RELEASE_SYNC, { wasmModule: wasm, wasmMemory: memory as Variant['wasmMemory'] }),
  );
  return { quickjs, memory, maxBytes: maximum * PAGE, broken: false };
}

/** Broken, or grown past half its room (memory never shrinks): the next test gets a fresh one. */
const worn = (it: Interpreter) =>
  it.broken ||
  it.memory.buffer.byteLength - basePages * PAGE > (it.maxBytes - basePages * PAGE) / 2;

/** Grown to within a few MB of its maximum: the next allocation of any size may fail. */
const full = (it: Interpreter) => it.memory.buffer.byteLength > it.maxBytes - 4 * 1024 * 1024;

/** A string handle, taken up to `room` characters: nothing larger is ever copied out. */
function takeString(vm: QuickJSContext, slice: QuickJSHandle, text: QuickJSHandle, room: number) {
  const lengthHandle = vm.getProp(text, 'length');
  const length = vm.getNumber(lengthHandle);
  lengthHandle.dispose();
  if (length <= room) return { text: vm.getString(text), over: false };
  const head = vm.unwrapResult(vm.callFunction(slice, text, vm.newNumber(0), vm.newNumber(room)));
  const taken = vm.getString(head);
  head.dispose();
  return { text: taken, over: true };
}

function runTest(it: Interpreter, message: ToWorker, input: string): TestOutcome {
  const { limits } = message;
  const started = performance.now();
  const deadline = Date.now() + message.timeLimitMs;
  let output = '';
  let outputOver = false;
  let timedOut = false;
  const runtime = it.quickjs.newRuntime();
  // Still useful for one large allocation (a huge array or string), refused before it is made.
  runtime.setMemoryLimit(limits.memoryLimitBytes);
  runtime.setMaxStackSize(512 * 1024);
  runtime.setInterruptHandler(() => {
    if (Date.now() > deadline) timedOut = true;
    return timedOut || outputOver;
  });
  const vm = runtime.newContext();
  const handles: QuickJSHandle[] = [];
  const done = (
    outcome:
      | { kind: 'value'; value: string }
      | { kind: Exclude<TestOutcome['kind'], 'value'>; error: string },
  ): TestOutcome =>
    ({
      ...outcome,
      ...(output ? { stdout: output } : {}),
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    }) as TestOutcome;
  try {
    // Taken before the candidate's code runs: what it does to the globals changes only its own.
    const string = vm.getProp(vm.global, 'String');
    const stringProto = vm.getProp(string, 'prototype');
    const slice = vm.getProp(stringProto, 'slice');
    const json = vm.getProp(vm.global, 'JSON');
    const stringify = vm.getProp(json, 'stringify');
    handles.push(string, stringProto, slice, json, stringify);
    const log = vm.newFunction('log', (...args) => {
      // Past the limit each call is refused at once: a loop of large logs costs nothing more.
      if (outputOver) return { error: vm.newError('Output limit exceeded') };
      args.forEach((arg, i) => {
        if (outputOver) return;
        const text =
          vm.typeof(arg) === 'string'
            ? arg
            : vm.unwrapResult(vm.callFunction(stringify, vm.undefined, arg));
        const room = limits.outputLimitBytes - output.length;
        const taken =
          vm.typeof(text) === 'string'
            ? takeString(vm, slice, text, room)
            : { text: 'undefined'.slice(0, room), over: room < 9 };
        if (text !== arg) text.dispose();
        output += taken.text + (i === args.length - 1 ? '\n' : ' ');
        if (taken.over || output.length > limits.outputLimitBytes) {
          output = output.slice(0, limits.outputLimitBytes);
          outputOver = true;
        }
      });
      return outputOver ? { error: vm.newError('Output limit exceeded') } : undefined;
    });
    const console = vm.newObject();
    vm.setProp(console, 'log', log);
    vm.setProp(console, 'error', log);
    vm.setProp(vm.global, 'console', console);
    log.dispose();
    console.dispose();

    const entry = message.entryPoint;
    // A string longer than the limit goes back as it is: the host refuses it by its length.
    const call = `${message.code}
;(() => {
  if (typeof ${entry} !== 'function') throw new ReferenceError('${entry} is not defined as a function');
  const result = ${entry}(...JSON.parse(${JSON.stringify(input)}));
  if (typeof result === 'string' && result.length > ${limits.valueLimitChars}) return result;
  return result === undefined ? 'undefined' : JSON.stringify(result);
})()`;
    const evaluated = vm.evalCode(call, 'solution.js');
    if (outputOver) {
      (evaluated.error ?? evaluated.value)?.dispose();
      return done({ kind: 'output-limit', error: 'Output limit exceeded' });
    }
    if (evaluated.error) {
      const error: unknown = vm.dump(evaluated.error);
      evaluated.error.dispose();
      if (timedOut) return done({ kind: 'time-limit', error: 'Time limit exceeded' });
      const { name, message: text } =
        error && typeof error === 'object'
          ? (error as { name?: unknown; message?: unknown })
          : { name: undefined, message: error };
      // QuickJS's own out-of-memory exception (JS_ThrowOutOfMemory, its fixed name and text), or
      // a memory so full that not even that could be made (the exception is then null).
      if ((name === 'InternalError' && text === 'out of memory') || full(it)) {
        return done({ kind: 'memory-limit', error: 'Memory limit exceeded' });
      }
      return done({
        kind: 'error',
        error: cut(name ? `${String(name)}: ${String(text)}` : String(text)),
      });
    }
    const value = evaluated.value;
    try {
      if (vm.typeof(value) !== 'string') {
        return done({ kind: 'error', error: 'The function returned something JSON cannot hold' });
      }
      const taken = takeString(vm, slice, value, limits.valueLimitChars);
      if (taken.over) {
        return done({
          kind: 'output-limit',
          error: `Output limit exceeded: the returned value is over ${limits.valueLimitChars} characters of JSON`,
        });
      }
      return done({ kind: 'value', value: taken.text });
    } finally {
      value.dispose();
    }
  } catch (err) {
    // The interpreter itself gave out: its memory is at the maximum, or something else broke.
    it.broken = true;
    if (full(it)) {
      return done({ kind: 'memory-limit', error: 'Memory limit exceeded' });
    }
    return done({ kind: 'error', error: cut(err instanceof Error ? err.message : String(err)) });
  } finally {
    try {
      for (const h of handles) h.dispose();
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime that ran out of memory may not free cleanly: the module is replaced.
      it.broken = true;
    }
  }
}

let interpreter: Interpreter | null = null;

port.on('message', (message: ToWorker) => {
  void (async () => {
    for (const [index, input] of message.inputs.entries()) {
      if (!interpreter || worn(interpreter)) interpreter = await newInterpreter(message.limits);
      const outcome = runTest(interpreter, message, input);
      if (outcome.kind === 'memory-limit') interpreter = null;
      port.postMessage({ type: 'test', id: message.id, index, outcome } satisfies FromWorker);
      // An endless loop costs one time limit, not one per test: the rest are not run.
      if (outcome.kind === 'time-limit') break;
    }
    port.postMessage({ type: 'done', id: message.id } satisfies FromWorker);
  })();
});
port.postMessage({ type: 'ready' } satisfies FromWorker);
