import { parentPort } from 'node:worker_threads';
import { assembleReport } from '../assemble-report';
import { builtinReport } from './report';
import type { ReportFromWorker, ReportToWorker } from './report-pool';

/*
 * The builtin report's worker thread (decision 052): the same `builtinReport` and
 * `assembleReport`, called with what the host cloned across, so the seconds a long attempt's report takes are this thread's and
 * not the server's event loop. It loads the language model and the word vectors on its first
 * report, as the main thread would, and keeps them for the next.
 */

const port = parentPort;
if (!port) throw new Error('the report worker runs in a worker thread');

port.on('message', (message: ReportToWorker) => {
  let reply: ReportFromWorker;
  try {
    const result =
      message.type === 'report' ? builtinReport(message.input) : assembleReport(message.options);
    reply = { type: 'done', id: message.id, result };
  } catch (err) {
    // The evaluator's own failure is this report's, not the worker's: it stays for the next one.
    reply = {
      type: 'failed',
      id: message.id,
      error: err instanceof Error ? err.message : 'the builtin evaluator failed',
    };
  }
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies ReportFromWorker);
