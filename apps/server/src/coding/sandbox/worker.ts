import { parentPort } from 'node:worker_threads';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import { matches } from './compare';
import {
  submissionVerdict,
  type CodingTest,
  type FromWorker,
  type SubmissionRequest,
  type TestResult,
  type ToWorker,
  type WorkerLimits,
} from './protocol';

/*
 * A sandbox worker (issue 16, decision 031): JavaScript runs in QuickJS compiled to WebAssembly,
 * inside this worker thread. The interpreter has no require, process, fetch, file system or
 * network: only the language and the console.log we give it. Each test gets a fresh interpreter
 * (nothing one test leaves behind reaches the next, nor the next submission), with a memory limit,
 * a stack limit, and a deadline it checks while it runs; the host also ends this whole thread if it
 * ever overruns its wall clock.
 */

/** How much of a returned value or an error is kept in a result. */
const KEEP_CHARS = 4_000;
const cut = (text: string) => (text.length > KEEP_CHARS ? `${text.slice(0, KEEP_CHARS)}…` : text);

function runTest(
  quickjs: QuickJSWASMModule,
  request: SubmissionRequest,
  test: CodingTest,
  index: number,
  limits: WorkerLimits,
): TestResult {
  const started = performance.now();
  const deadline = Date.now() + request.timeLimitMs;
  let output = '';
  let outputOver = false;
  let timedOut = false;
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(limits.memoryLimitBytes);
  runtime.setMaxStackSize(limits.stackLimitBytes);
  runtime.setInterruptHandler(() => {
    if (outputOver) return true;
    if (Date.now() > deadline) timedOut = true;
    return timedOut;
  });
  const vm = runtime.newContext();
  const done = (verdict: TestResult['verdict'], extra: Partial<TestResult> = {}): TestResult => ({
    index,
    verdict,
    ...(output ? { stdout: output } : {}),
    ...extra,
    durationMs: Math.round((performance.now() - started) * 100) / 100,
  });
  try {
    const log = vm.newFunction('log', (...args) => {
      const line = args
        .map((h) => {
          const v: unknown = vm.dump(h);
          return typeof v === 'string' ? v : JSON.stringify(v);
        })
        .join(' ');
      if (output.length + line.length + 1 > limits.outputLimitBytes) {
        output = output.slice(0, limits.outputLimitBytes);
        outputOver = true;
      } else output += `${line}\n`;
    });
    const console = vm.newObject();
    vm.setProp(console, 'log', log);
    vm.setProp(console, 'error', log);
    vm.setProp(vm.global, 'console', console);
    log.dispose();
    console.dispose();

    const call = `${request.code}
;(() => {
  if (typeof ${request.entryPoint} !== 'function') throw new ReferenceError('${request.entryPoint} is not defined as a function');
  const result = ${request.entryPoint}(...JSON.parse(${JSON.stringify(test.input)}));
  return result === undefined ? 'undefined' : JSON.stringify(result);
})()`;
    const evaluated = vm.evalCode(call, 'solution.js');
    if (evaluated.error) {
      const error: unknown = vm.dump(evaluated.error);
      evaluated.error.dispose();
      const message =
        error && typeof error === 'object' && 'message' in error
          ? `${(error as { name?: string }).name ?? 'Error'}: ${String((error as { message: unknown }).message)}`
          : String(error);
      if (outputOver) return done('output-limit', { error: 'Output limit exceeded' });
      if (timedOut || /interrupted/i.test(message))
        return done('time-limit', { error: 'Time limit exceeded' });
      if (/out of memory/i.test(message))
        return done('memory-limit', { error: 'Memory limit exceeded' });
      return done('error', { error: cut(message) });
    }
    const actual = vm.getString(evaluated.value);
    evaluated.value.dispose();
    if (outputOver) return done('output-limit', { error: 'Output limit exceeded' });
    return done(matches(actual, test) ? 'passed' : 'failed', { actual: cut(actual) });
  } catch (err) {
    // The interpreter itself gave out (its memory is gone): this test's verdict, not the thread's.
    const message = err instanceof Error ? err.message : String(err);
    if (/memory|allocation/i.test(message))
      return done('memory-limit', { error: 'Memory limit exceeded' });
    return done('error', { error: cut(message) });
  } finally {
    try {
      vm.dispose();
      runtime.dispose();
    } catch {
      // A runtime that ran out of memory may not free cleanly; the next test gets a new one.
    }
  }
}

const port = parentPort;
if (!port) throw new Error('the sandbox worker runs in a worker thread');
const quickjs = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
port.on('message', (message: ToWorker) => {
  const started = performance.now();
  const tests = message.request.tests.map((test, i) =>
    runTest(quickjs, message.request, test, i, message.limits),
  );
  const reply: FromWorker = {
    type: 'result',
    id: message.id,
    result: {
      verdict: submissionVerdict(tests),
      tests,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    },
  };
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies FromWorker);
