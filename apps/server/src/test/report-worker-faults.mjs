// A report worker with faults, for the pool's tests (ai/builtin/report-pool.test.ts). It speaks
// the real worker's protocol and makes the real report (or assembly), except for an attempt whose
// title names a fault: the worker exits, loops for ever, runs out of heap, throws, or answers in a shape the host
// must refuse.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { builtinReport } = await import('../ai/builtin/report.ts');
const { assembleReport } = await import('../ai/assemble-report.ts');

/** What the real worker answers. */
const made = (message) =>
  message.type === 'report' ? builtinReport(message.input) : assembleReport(message.options);

parentPort.on('message', (message) => {
  const { id } = message;
  const input = message.type === 'report' ? message.input : message.options.input;
  switch (input.interview.title) {
    case 'exit':
      process.exit(3);
      break;
    case 'loop':
      for (;;);
    case 'hog': {
      // Past the heap limit the host set: V8 ends the worker (ERR_WORKER_OUT_OF_MEMORY).
      const kept = [];
      for (;;) kept.push(new Array(100_000).fill(kept.length));
    }
    case 'throw':
      // Thrown outside any handler of the worker's own: the worker's 'error', then its exit.
      setImmediate(() => {
        throw new Error('the worker broke');
      });
      break;
    case 'garbage':
      parentPort.postMessage('not a message');
      break;
    case 'wrong-shape':
      parentPort.postMessage({ type: 'done', id, result: { performanceAnalysis: 'excellent' } });
      break;
    case 'other-id':
      parentPort.postMessage({ type: 'done', id: id + 1000, result: made(message) });
      parentPort.postMessage({ type: 'done', id, result: made(message) });
      break;
    default:
      parentPort.postMessage({ type: 'done', id, result: made(message) });
  }
});
parentPort.postMessage({ type: 'ready' });
