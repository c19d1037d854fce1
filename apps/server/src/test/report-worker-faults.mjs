// A report worker with faults, for the pool's tests (ai/builtin/report-pool.test.ts). It speaks
// the real worker's protocol and makes the real report, except for an attempt whose title names a
// fault: the worker exits, loops for ever, throws, or answers in a shape the host must refuse.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { builtinReport } = await import('../ai/builtin/report.ts');

parentPort.on('message', (message) => {
  const { id, input } = message;
  switch (input.interview.title) {
    case 'exit':
      process.exit(3);
      break;
    case 'loop':
      for (;;);
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
      parentPort.postMessage({ type: 'done', id: id + 1000, result: builtinReport(input) });
      parentPort.postMessage({ type: 'done', id, result: builtinReport(input) });
      break;
    default:
      parentPort.postMessage({ type: 'done', id, result: builtinReport(input) });
  }
});
parentPort.postMessage({ type: 'ready' });
