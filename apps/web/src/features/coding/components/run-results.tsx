import type { CodeRun } from '@candor/shared';
import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

/** What one run or submission said, test by test; a hidden test shows only its verdict. */
export function runSummary(run: CodeRun): string {
  const what = run.mode === 'submit' ? 'Submitted' : 'Examples';
  const counts = `${run.passed} of ${run.total} ${run.mode === 'submit' ? 'tests' : 'examples'} passed`;
  const limit = /exceeded/.test(run.verdict) ? ` — ${run.verdict}` : '';
  return `${what}: ${counts}${limit}`;
}

const VERDICT_TEXT: Record<CodeRun['tests'][number]['verdict'], string> = {
  passed: 'passed',
  failed: 'wrong answer',
  error: 'error',
  'time-limit': 'time limit exceeded',
  'memory-limit': 'memory limit exceeded',
  'output-limit': 'output limit exceeded',
};

export function RunResults({ run }: { run: CodeRun }) {
  let example = 0;
  return (
    <div className="space-y-2 text-left text-sm" data-testid="run-results">
      <p
        className={cn(
          'font-semibold',
          run.verdict === 'passed' ? 'text-green-700 dark:text-green-400' : 'text-destructive',
        )}
      >
        {runSummary(run)}
      </p>
      <ul className="space-y-1">
        {run.tests.map((t) => {
          const ok = t.verdict === 'passed';
          const name = t.hidden ? `Hidden test ${t.index + 1}` : `Example ${++example}`;
          return (
            <li key={t.index} className="rounded-md border border-border px-3 py-2">
              <p className="flex items-center gap-2">
                {ok ? (
                  <CheckCircle2 className="size-4 text-green-600" aria-hidden />
                ) : (
                  <XCircle className="size-4 text-destructive" aria-hidden />
                )}
                <span className="font-medium">{name}</span>: {VERDICT_TEXT[t.verdict]}
              </p>
              {!t.hidden && !ok ? (
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
                  <dt className="text-muted-foreground">Input</dt>
                  <dd className="break-all">{t.input}</dd>
                  <dt className="text-muted-foreground">Expected</dt>
                  <dd className="break-all">{t.expected}</dd>
                  {t.actual !== undefined ? (
                    <>
                      <dt className="text-muted-foreground">Got</dt>
                      <dd className="break-all">{t.actual}</dd>
                    </>
                  ) : null}
                  {t.error ? (
                    <>
                      <dt className="text-muted-foreground">Error</dt>
                      <dd className="break-all text-destructive">{t.error}</dd>
                    </>
                  ) : null}
                  {t.stdout ? (
                    <>
                      <dt className="text-muted-foreground">Printed</dt>
                      <dd className="whitespace-pre-wrap break-all">{t.stdout}</dd>
                    </>
                  ) : null}
                </dl>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
