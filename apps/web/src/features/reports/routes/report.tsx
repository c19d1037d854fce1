import { useDeferredValue, type ReactNode } from 'react';
import type { ConversationMessage, Report } from '@candor/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Clock, Sparkles } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { Badge, difficultyTone } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState, LoadingState, QueryFailure, Spinner } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useAnswerRecordings, useInterviewTranscript, useReport } from '../api/get-report';
import { useRetryReport } from '../api/retry-report';
import { ListCard, PerformanceBreakdown } from '../components/performance';
import { CandidateQuestionsCard, JobFitCard } from '../components/job-fit';
import { QuestionAnalysis, type QuestionAction } from '../components/question-analysis';
import { SpeechCard } from '../components/speech-card';
import { TranscriptCard } from '../components/transcript-card';
import { formatDayTime } from '@/lib/format-date';
import { cn } from '@/lib/utils';

const FAILED_TITLE = 'Failed to generate interview report';

/** The server's reason (unless it only repeats the title), then what the candidate can do. */
function failedMessage(error: string | null): string {
  const reason =
    error && error.trim() !== FAILED_TITLE ? `${error.trim().replace(/\.?$/, '.')} ` : '';
  return `${reason}Your answers are saved; you can generate the report again.`;
}

/**
 * `comparison` is a slot for a 'change since your previous attempt' element composed by a route;
 * `questionAction` what a route adds under each question (the practice loop's retry).
 */
export function ReportPage({
  comparison,
  actions,
  questionAction,
  modelAnswer,
}: {
  comparison?: ReactNode;
  /** The header's actions on the whole report (the report-share feature's Download PDF, Share). */
  actions?: ReactNode;
  questionAction?: QuestionAction;
  /** Where each question's model answer comes from (the practice loop's); else its expected answer. */
  modelAnswer?: QuestionAction;
}) {
  const { id = '' } = useParams();
  const report = useReport(id);
  const transcript = useInterviewTranscript(id);
  const recordings = useAnswerRecordings(id);
  const retry = useRetryReport(id);
  return (
    <ReportView
      report={report}
      conversation={transcript.data?.conversation}
      transcriptError={transcript.isError}
      back={{ to: '/history', label: 'Back to History' }}
      comparison={comparison}
      actions={actions}
      questionAction={questionAction}
      modelAnswer={modelAnswer}
      retry={retry}
      recordings={recordings.data}
      checkPath={`/interview/${id}/check`}
    />
  );
}

export interface ReportViewProps {
  report: UseQueryResult<Report>;
  conversation: ConversationMessage[] | undefined;
  transcriptError: boolean;
  /** The way back; a reader from outside the app (a share link) has none. */
  back?: { to: string; label: string };
  comparison?: ReactNode;
  /** In the report's header: what its reader may do with the whole report (download, share). */
  actions?: ReactNode;
  /** Under each question: the candidate's own actions on it; a read-only reader has none. */
  questionAction?: QuestionAction;
  modelAnswer?: QuestionAction;
  /** Generating a failed report again: the candidate's own; a read-only reader has none. */
  retry?: { isPending: boolean; isError: boolean; error: unknown; mutate: () => void };
  /** A slot before the transcript, e.g. the attempt's recording for a coach. */
  recording?: ReactNode;
  /** Where each answer's recording plays from, by answer id (those that kept one). */
  recordings?: Map<string, string>;
  /** The candidate's "Check your answers" step, where a report waiting on it sends them. */
  checkPath?: string;
}

/**
 * A report as it reads, whoever reads it: the candidate's own page, and the coach review that an
 * administrator opens (a route composes it with the coach's data).
 */
export function ReportView({
  report,
  conversation,
  transcriptError,
  back,
  comparison,
  actions,
  questionAction,
  modelAnswer,
  retry,
  recording,
  recordings,
  checkPath,
}: ReportViewProps) {
  const backLink = back && (
    <Link
      to={back.to}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> {back.label}
    </Link>
  );

  if (report.isPending) return <LoadingState text="Loading report data..." />;
  if (report.isError)
    return (
      <QueryFailure
        query={report}
        notFound={{
          title: 'Report Not Found',
          message: 'The requested report could not be found.',
        }}
        failed={{
          title: 'Failed to load report',
          message: 'An error occurred while loading the report.',
        }}
        action={backLink}
      />
    );
  const r = report.data;
  // Waiting for "Check your answers" (decision 024): the report starts once the answers are checked.
  if (checkPath && r.status === 'pending' && r.checkUntil) {
    return <Navigate to={checkPath} replace />;
  }
  const transcriptCard = (
    <TranscriptCard messages={conversation} isError={transcriptError} recordings={recordings} />
  );
  if (r.status === 'pending' || r.status === 'failed') {
    return (
      <div className="mx-auto max-w-5xl space-y-6">
        {backLink}
        <Card className="p-6">
          <h1 className="text-2xl font-bold">{r.interview.title}</h1>
          {r.status === 'pending' ? (
            <div role="status" className="flex flex-col items-center gap-2 py-8 text-center">
              <Spinner className="size-8" />
              <p className="font-medium">Generating your AI-powered report...</p>
              <p className="text-sm text-muted-foreground">This may take a few moments...</p>
            </div>
          ) : (
            <ErrorState
              title={FAILED_TITLE}
              message={retry ? failedMessage(r.error) : (r.error ?? FAILED_TITLE)}
              retryLabel={retry?.isPending ? 'Retrying...' : 'Try Again'}
              onRetry={retry && !retry.isPending ? () => retry.mutate() : undefined}
              className="py-8"
            />
          )}
          {retry?.isError ? (
            <p role="alert" className="text-center text-sm text-destructive">
              {errorMessage(retry.error, 'Failed to generate interview report')}
            </p>
          ) : null}
        </Card>
        {recording}
        {transcriptCard}
      </div>
    );
  }

  const duration = r.overview?.interviewDuration ?? null;
  const hasInsights = Boolean(r.aiInsights || r.overallComment);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      {backLink}
      <Card className="p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold">{r.interview.title}</h1>
            <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
              <span className="flex items-center gap-1">
                <CalendarDays className="size-4" aria-hidden />
                {formatDayTime(r.interview.completedAt) || '—'}
              </span>
              <span className="flex items-center gap-1">
                <Clock className="size-4" aria-hidden />{' '}
                {duration === null ? r.interview.duration : duration} min
              </span>
              <span>{r.interview.categoryName}</span>
            </p>
          </div>
          <div className="text-center">
            <p className="text-4xl font-extrabold text-primary" data-testid="overall-score">
              {Math.round(r.overallScore ?? 0)}%
            </p>
            <p className="text-xs text-muted-foreground">Overall score</p>
          </div>
        </div>
        {actions ? <div className="mt-4 flex flex-wrap gap-2">{actions}</div> : null}
        <p className="mt-4 text-xs text-muted-foreground">
          Scored by{' '}
          {r.provider === 'builtin'
            ? 'the builtin evaluator'
            : `${r.provider ?? 'the AI'}${r.model ? ` (${r.model})` : ''}`}
          {r.fallback ? ' — the AI model failed, so the builtin evaluator scored this report' : ''}
          {r.endedEarly ? ' · ended early' : ''}.
        </p>
      </Card>

      {/* The summary first: what it means, then what to do; the detail follows. */}
      <div
        className={cn('grid gap-6', hasInsights && 'lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]')}
      >
        {hasInsights ? (
          <Card className="border-primary/30 bg-accent/40">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Sparkles className="size-5 text-primary" aria-hidden /> AI Insights
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-2 text-sm">
              {r.overallComment ? <p>{r.overallComment}</p> : null}
              {r.aiInsights ? <p className="text-muted-foreground">{r.aiInsights}</p> : null}
            </CardContent>
          </Card>
        ) : null}
        <InterviewDetails report={r} duration={duration} stacked={hasInsights} />
      </div>

      {/* What went well beside what to improve; what to do next across the page below them. */}
      <div className="grid items-start gap-6 md:grid-cols-2">
        <ListCard title="Strengths" items={r.strengths} />
        <ListCard title="Areas for Improvement" items={r.improvements} />
        <ListCard
          title="Recommendations"
          items={r.recommendations}
          className="md:col-span-2"
          wide
        />
      </div>

      <ReportDetail>
        <PerformanceBreakdown
          communication={r.communicationScore}
          problemSolving={r.problemSolvingScore}
          confidence={r.confidenceScore}
          skills={r.skillBreakdown}
        />
        {comparison}
        <JobFitCard fit={r.jobFit} />
        <SpeechCard speech={r.speech} />

        <QuestionAnalysis
          questions={r.questionReports}
          action={questionAction}
          modelAnswer={modelAnswer}
        />
        <CandidateQuestionsCard asked={r.candidateQuestions} />

        {recording}
        {transcriptCard}
      </ReportDetail>
    </div>
  );
}

/**
 * The detail below the summary (the breakdown, each question, the recording, the transcript):
 * drawn just after the summary rather than with it. A long report in one commit was one task of
 * 100–300 ms on a phone's CPU before anything showed (Lighthouse's blocking time, issue 32); the
 * summary now shows first and React draws the rest in a transition it may slice. Added below
 * everything drawn already, it moves nothing.
 */
function ReportDetail({ children }: { children: ReactNode }) {
  const drawn = useDeferredValue(true, false);
  return drawn ? children : null;
}

/** Category, difficulty, duration and status: beside AI Insights on a wide screen, else a row. */
function InterviewDetails({
  report: r,
  duration,
  stacked,
}: {
  report: Report;
  duration: number | null;
  stacked: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Interview Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl
          className={cn(
            'grid grid-cols-2 gap-3 text-sm',
            stacked ? 'sm:grid-cols-4 lg:grid-cols-2' : 'sm:grid-cols-4',
          )}
        >
          <div>
            <dt className="text-muted-foreground">Category</dt>
            <dd className="font-medium">{r.interview.categoryName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Difficulty</dt>
            <dd>
              <Badge tone={difficultyTone(r.interview.difficulty)} className="capitalize">
                {r.interview.difficulty}
              </Badge>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Duration</dt>
            <dd className="font-medium" data-testid="report-duration">
              {duration === null ? `${r.interview.duration} min` : `${duration} min`}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Status</dt>
            <dd className="font-medium capitalize">{r.interview.status.replace('_', ' ')}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
