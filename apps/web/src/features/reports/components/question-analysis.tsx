import {
  DIMENSIONS,
  NOT_ENOUGH_SPEECH,
  QUESTION_KIND_LABELS,
  RUBRIC_LABELS,
  SCORED_WITHOUT_KEY,
  WARM_UP_NOT_SCORED,
  keyPointCoverage,
  questionScoreBand,
  scoredWithoutKey,
  type KeyPoint,
  type QuestionExchange,
  type QuestionReport,
} from '@candor/shared';
import type { ReactNode } from 'react';
import { CheckCircle2, ChevronRight, Circle, CircleDashed } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CodingSection } from './coding-section';
import { SystemDesignSection } from './system-design-section';

/** Longest evidence quote shown whole; a longer one is cut at a word and ends with an ellipsis. */
const QUOTE_MAX = 180;

export function cutQuote(quote: string, max = QUOTE_MAX): string {
  if (quote.length <= max) return quote;
  const cut = quote.slice(0, max);
  const end = cut.lastIndexOf(' ');
  return `${(end > max * 0.6 ? cut.slice(0, end) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/**
 * The one quote an answer's scores rest on: the words most of its dimensions cite (the answer's
 * first cited words on a tie). Shown once per answer, not under every dimension and key point.
 */
export function evidenceOf(q: QuestionReport): string | null {
  const cited = new Map<string, number>();
  for (const d of DIMENSIONS) {
    for (const quote of q.dimensions?.[d].evidence ?? [])
      cited.set(quote, (cited.get(quote) ?? 0) + 1);
  }
  for (const k of q.keyPoints)
    if (k.evidence) cited.set(k.evidence, (cited.get(k.evidence) ?? 0) + 1);
  let best: string | null = null;
  for (const [quote, n] of cited) if (best === null || n > cited.get(best)!) best = quote;
  return best;
}

const COVERAGE = {
  covered: {
    label: 'Covered',
    Icon: CheckCircle2,
    className: 'text-green-600 dark:text-green-400',
  },
  partial: {
    label: 'Partly covered',
    Icon: CircleDashed,
    className: 'text-yellow-600 dark:text-yellow-400',
  },
  missed: { label: 'Missed', Icon: Circle, className: 'text-muted-foreground' },
} as const;

function KeyPoints({ points }: { points: KeyPoint[] }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold uppercase text-muted-foreground">Expected key points</p>
      <ul className="mt-1 space-y-1 text-sm">
        {points.map((k, j) => {
          const coverage = keyPointCoverage(k);
          const { label, Icon, className } = COVERAGE[coverage];
          return (
            <li key={j} className="flex gap-2">
              <Icon className={`mt-0.5 size-4 shrink-0 ${className}`} aria-hidden />
              <span>
                <span className="sr-only">{label}: </span>
                {k.point}
                {coverage === 'partial' ? (
                  <span className="block text-xs text-yellow-800 dark:text-yellow-300">
                    Partly covered{k.note ? ` — ${k.note}` : ''}
                  </span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * A question the interviewer probed: the first answer, then each follow-up and the answer to it,
 * so the candidate sees what the follow-up was after. The score is of all of them together.
 */
function Exchanges({ exchanges }: { exchanges: QuestionExchange[] }) {
  return (
    <ol className="space-y-2 text-sm" aria-label="Your answer and the follow-ups">
      {exchanges.map((e, i) => (
        <li key={i}>
          {e.followUp ? (
            <p className="border-l-2 border-border pl-3">
              <span className="font-medium">Follow-up: </span>
              {e.asked}
            </p>
          ) : null}
          <p className={e.followUp ? 'mt-1 pl-3' : undefined}>
            <span className="font-medium">Your answer: </span>
            <span className="text-muted-foreground">{e.answer || 'No answer provided'}</span>
          </p>
        </li>
      ))}
    </ol>
  );
}

function ScoreBadge({ q }: { q: QuestionReport }) {
  if (q.score === null) {
    return (
      <Badge tone="grey">
        {q.notScoredReason === WARM_UP_NOT_SCORED ? 'Feedback only' : 'Not scored'}
      </Badge>
    );
  }
  const outOf10 = Math.round(q.score / 10);
  return (
    <Badge tone={questionScoreBand(outOf10)} aria-label={`Score ${outOf10} out of 10`}>
      {outOf10}/10
    </Badge>
  );
}

/** What a route adds under a question (the candidate's "Retry this question"), by position. */
export type QuestionAction = (q: QuestionReport, index: number) => ReactNode;

function QuestionBlock({
  q,
  number,
  action,
  modelAnswer,
}: {
  q: QuestionReport;
  number: number;
  action?: ReactNode;
  /** A route's model answer (the practice loop's); without one, the expected answer as before. */
  modelAnswer?: ReactNode;
}) {
  const kind = q.kind ?? 'technical';
  const labels = RUBRIC_LABELS[kind];
  const quote = evidenceOf(q);
  const warmUp = q.notScoredReason === WARM_UP_NOT_SCORED;
  return (
    <details className="group rounded-lg border border-border" data-testid="question-report">
      <summary className="flex cursor-pointer list-none items-start gap-3 rounded-lg p-4 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <ChevronRight
          className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90"
          aria-hidden
        />
        <h3 className="min-w-0 flex-1 font-medium">
          Q{number}. {q.question || 'No question'}
        </h3>
        <span className="flex shrink-0 flex-wrap justify-end gap-1.5">
          <Badge tone="neutral">{QUESTION_KIND_LABELS[kind]}</Badge>
          {q.corrected ? <Badge tone="blue">Corrected</Badge> : null}
          <ScoreBadge q={q} />
        </span>
      </summary>
      <div className="border-t border-border px-4 pb-4 pt-3">
        {q.exchanges ? (
          <Exchanges exchanges={q.exchanges} />
        ) : (
          <p className="text-sm">
            <span className="font-medium">Your answer: </span>
            <span className="text-muted-foreground">{q.answer || 'No answer provided'}</span>
          </p>
        )}
        {q.corrected ? (
          <p className="mt-1 text-xs text-muted-foreground">
            You corrected how this answer was recognised; the transcript below keeps what was
            recognised.
          </p>
        ) : null}
        {!q.scored && !warmUp ? (
          <p className="mt-2 text-sm font-medium text-yellow-700 dark:text-yellow-400">
            {q.notScoredReason ?? NOT_ENOUGH_SPEECH}
          </p>
        ) : null}
        <p className="mt-2 text-sm">
          <span className="font-medium">Feedback: </span>
          {q.comment || q.evaluation?.feedback || 'No feedback'}
        </p>
        {quote ? (
          <figure className="mt-3 border-l-2 border-primary/40 pl-3 text-sm">
            <figcaption className="text-xs font-semibold uppercase text-muted-foreground">
              What the scores rest on
            </figcaption>
            <blockquote className="italic" title={quote.length > QUOTE_MAX ? quote : undefined}>
              “{cutQuote(quote)}”
            </blockquote>
          </figure>
        ) : null}
        {q.dimensions ? (
          <dl className="mt-3 grid gap-2 sm:grid-cols-2">
            {DIMENSIONS.map((key) => {
              const d = q.dimensions![key];
              return (
                <div key={key} className="rounded-md bg-muted p-2 text-xs">
                  <dt className="font-semibold">
                    {labels[key]}: {Math.round(d.score)}
                  </dt>
                  <dd className="text-muted-foreground">{d.explanation}</dd>
                </div>
              );
            })}
          </dl>
        ) : null}
        {q.coding ? <CodingSection coding={q.coding} /> : null}
        {q.systemDesign ? <SystemDesignSection design={q.systemDesign} /> : null}
        {q.keyPoints.length > 0 ? <KeyPoints points={q.keyPoints} /> : null}
        {modelAnswer !== undefined ? (
          modelAnswer
        ) : q.expectedAnswer ? (
          <p className="mt-3 text-sm">
            <span className="font-medium">Model answer: </span>
            <span className="text-muted-foreground">{q.expectedAnswer}</span>
          </p>
        ) : null}
        {q.scoredBy === 'builtin-fallback' && q.scored ? (
          <p className="mt-2 text-xs text-muted-foreground">
            Scored by the builtin evaluator because the AI model failed.
          </p>
        ) : null}
        {scoredWithoutKey(q) ? (
          <p className="mt-2 text-xs text-muted-foreground" data-testid="scored-without-key">
            {SCORED_WITHOUT_KEY}
          </p>
        ) : null}
        {action}
      </div>
    </details>
  );
}

export function QuestionAnalysis({
  questions,
  action,
  modelAnswer,
}: {
  questions: QuestionReport[] | undefined;
  action?: QuestionAction;
  modelAnswer?: QuestionAction;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Question-by-Question Analysis</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {!questions || questions.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Detailed question-by-question analysis is not available for this report.
          </p>
        ) : (
          questions.map((q, i) => (
            <QuestionBlock
              key={i}
              q={q}
              number={i + 1}
              action={action?.(q, i)}
              modelAnswer={modelAnswer?.(q, i)}
            />
          ))
        )}
      </CardContent>
    </Card>
  );
}
