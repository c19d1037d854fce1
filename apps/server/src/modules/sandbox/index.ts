import { pythonIsolation, pythonSupport, type CodePython, type PythonIsolation } from './isolation';
import { createJavaScriptLane } from './javascript';
import type {
  CodingLanguage,
  RunLimits,
  RunOptions,
  SubmissionRequest,
  SubmissionResult,
} from './protocol';
import { createPythonLane } from './python';
import { createScheduler } from './scheduler';

export type {
  CodingLanguage,
  CodingTest,
  RunOptions,
  SubmissionRequest,
  SubmissionResult,
  SubmissionVerdict,
  TestResult,
  TestVerdict,
} from './protocol';
export { CandidateBusyError, RunDroppedError, SandboxBusyError } from './scheduler';
export { SandboxUnavailableError } from './javascript';
export { pythonIsolation, pythonSupport, type CodePython } from './isolation';

/**
 * The code sandbox (issue 16; issue 24, decision 031). JavaScript runs in QuickJS in worker
 * threads; Python in a fresh child process per submission. The host gives a runner only the
 * inputs and compares what comes back; a fair queue serves candidates in turn.
 */

/** Python is not run on this server (CODE_PYTHON, or no network namespace with `auto`). */
export class LanguageUnavailableError extends Error {
  constructor(readonly language: CodingLanguage) {
    super(`${language} cannot be run on this server`);
    this.name = 'LanguageUnavailableError';
  }
}

export interface SandboxOptions {
  /** Worker threads for JavaScript (each holds one interpreter module): 1 on a 2-core machine. */
  workers?: number;
  /** Runs waiting in all before more are refused (SandboxBusyError). */
  queueLimit?: number;
  /** Runs one candidate may have waiting besides the one going (CandidateBusyError past it). */
  perCandidateWaiting?: number;
  /** JavaScript interpreter memory. */
  memoryLimitMb?: number;
  /** What one test may print. */
  outputLimitBytes?: number;
  /** The JSON of one returned value (past it: "Output limit exceeded"). */
  valueLimitChars?: number;
  /** CODE_PYTHON: `auto` (default) runs Python only inside a network namespace. */
  python?: CodePython;
  /** Python submissions running at once. */
  pythonChildren?: number;
  /** Python children started ahead, waiting for a submission. */
  pythonWarm?: number;
  /** A Python child's resident memory, Pyodide's own (about 175 MB) included. */
  pythonMemoryLimitMb?: number;
  /** Warm Python children are ended after this long without Python. */
  pythonIdleMs?: number;
  /** What the operating system gives a Python child (tests); probed once per process by default. */
  isolation?: () => Promise<PythonIsolation>;
}

export interface Sandbox {
  run(request: SubmissionRequest, options: RunOptions): Promise<SubmissionResult>;
  /** The languages this sandbox runs. */
  languages(): Promise<CodingLanguage[]>;
  /** Starts what a coding question will need (workers, warm Python children); resolves when ready. */
  prepare(): Promise<void>;
  stats(): {
    running: Record<CodingLanguage, number>;
    queued: number;
    candidates: number;
    workers: number;
    python: { warm: number; running: number };
  };
  close(): Promise<void>;
}

const ENTRY_POINT = /^[A-Za-z_$][\w$]{0,63}$/;

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const isolation = options.isolation ?? pythonIsolation;
  const mode = options.python ?? 'auto';
  const limits = (memoryLimitMb: number): RunLimits => ({
    memoryLimitBytes: memoryLimitMb * 1024 * 1024,
    outputLimitBytes: options.outputLimitBytes ?? 64 * 1024,
    valueLimitChars: options.valueLimitChars ?? 64 * 1024,
  });
  const javascript = createJavaScriptLane({
    workers: options.workers ?? 1,
    limits: limits(options.memoryLimitMb ?? 64),
  });
  const python = createPythonLane({
    capacity: options.pythonChildren ?? 1,
    warm: options.pythonWarm ?? 1,
    idleMs: options.pythonIdleMs ?? 5 * 60_000,
    limits: limits(options.pythonMemoryLimitMb ?? 768),
    isolation,
  });
  const scheduler = createScheduler({
    lanes: { javascript: javascript.lane, python: python.lane },
    perOwnerWaiting: options.perCandidateWaiting ?? 2,
    queueLimit: options.queueLimit ?? 50,
  });
  let support: Promise<boolean> | null = null;
  const pythonOn = () =>
    (support ??=
      mode === 'off'
        ? Promise.resolve(false)
        : isolation().then((found) => pythonSupport(mode, found).enabled));
  let closed = false;

  return {
    async run(request, runOptions) {
      if (closed) throw new Error('The sandbox is closed');
      if (!ENTRY_POINT.test(request.entryPoint)) {
        throw new Error('entryPoint must be a function name');
      }
      if (request.language === 'python' && !(await pythonOn())) {
        throw new LanguageUnavailableError('python');
      }
      return scheduler.submit(request, runOptions);
    },
    async languages() {
      return (await pythonOn()) ? ['javascript', 'python'] : ['javascript'];
    },
    async prepare() {
      javascript.prepare();
      if (await pythonOn()) await python.prepare();
    },
    stats() {
      return {
        ...scheduler.stats(),
        workers: javascript.stats().workers,
        python: python.stats(),
      };
    },
    async close() {
      closed = true;
      scheduler.close();
      await Promise.all([javascript.close(), python.close()]);
    },
  };
}
