import { CODING_LANGUAGE_LABELS, formatSeconds, type CodingReport } from '@candor/shared';

/**
 * A coding question's part of the report (issue 16): the final code, the tests it passed as the
 * server ran them, how long to a first passing submission, and the complexity the candidate said
 * against the one a strong solution reaches.
 */
export function CodingSection({ coding }: { coding: CodingReport }) {
  const passedAll =
    coding.verdict === 'passed' ||
    (coding.visible.total + coding.hidden.total > 0 &&
      coding.visible.passed + coding.hidden.passed === coding.visible.total + coding.hidden.total);
  return (
    <section className="mt-3 space-y-2 text-sm" aria-label="Your code" data-testid="coding-section">
      <dl className="grid gap-2 sm:grid-cols-2">
        <div className="rounded-md bg-muted p-2 text-xs">
          <dt className="font-semibold">Tests passed</dt>
          <dd>
            {coding.submissions === 0
              ? 'Never submitted'
              : `${coding.visible.passed} of ${coding.visible.total} examples, ${coding.hidden.passed} of ${coding.hidden.total} hidden`}
            {coding.verdict && /exceeded/.test(coding.verdict) ? ` (${coding.verdict})` : ''}
          </dd>
        </div>
        <div className="rounded-md bg-muted p-2 text-xs">
          <dt className="font-semibold">Time to a passing submission</dt>
          <dd>
            {coding.firstPassingAfterSeconds !== null
              ? formatSeconds(coding.firstPassingAfterSeconds)
              : passedAll
                ? 'Not measured'
                : 'No submission passed every test'}
          </dd>
        </div>
        <div className="rounded-md bg-muted p-2 text-xs">
          <dt className="font-semibold">Complexity</dt>
          <dd>
            You said {coding.statedComplexity ?? 'nothing about it'}; a strong solution is{' '}
            {coding.expectedComplexity}
            {coding.complexityMatches === true ? ' — a match.' : '.'}
          </dd>
        </div>
        <div className="rounded-md bg-muted p-2 text-xs">
          <dt className="font-semibold">Runs</dt>
          <dd>
            {coding.runs} run(s), {coding.submissions} submission(s)
          </dd>
        </div>
      </dl>
      {coding.finalCode !== null ? (
        <figure>
          <figcaption className="text-xs font-semibold uppercase text-muted-foreground">
            {coding.submissions > 0 ? 'Final submission' : 'Last code run'}
            {coding.language ? ` (${CODING_LANGUAGE_LABELS[coding.language]})` : ''}
          </figcaption>
          <pre
            className="mt-1 max-h-80 overflow-auto rounded-md border border-border bg-muted p-3 font-mono text-xs"
            tabIndex={0}
          >
            <code>{coding.finalCode}</code>
          </pre>
        </figure>
      ) : (
        <p className="text-muted-foreground">No code was run for this question.</p>
      )}
    </section>
  );
}
