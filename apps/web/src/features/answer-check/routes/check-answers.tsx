import type { ConversationMessage } from '@candor/shared';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Banner, EmptyState, ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatTime } from '@/lib/format-date';
import { useCorrectAnswer } from '../api/correct-answer';
import { useFinishCheck } from '../api/finish-check';
import { useAttemptToCheck } from '../api/get-attempt-to-check';
import { AnswerToCheck } from '../components/answer-to-check';

/** The words the interviewer said last before a message (what the answer answers). */
function askedBefore(conversation: ConversationMessage[], index: number): string | null {
  for (let i = index - 1; i >= 0; i--) {
    const m = conversation[i]!;
    if (m.speaker !== 'AI') continue;
    const said = (m.meta?.heard ?? m.message).trim();
    if (said) return said;
  }
  return null;
}

/**
 * "Check your answers" (decision 024): after End, before the report. Each spoken answer as it
 * was recognised (with its recording when `recordingUrlOf` finds one), to correct what was
 * misheard; Continue or Skip starts the report. The server starts it anyway when the window runs
 * out, so leaving the page never costs the candidate their report.
 */
export function CheckAnswersPage({
  recordingUrlOf,
}: {
  /** Where an answer's recording plays from, when it was kept (composed by the route). */
  recordingUrlOf?: (interviewId: string, answer: ConversationMessage) => string | undefined;
}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const attempt = useAttemptToCheck(id);
  const correct = useCorrectAnswer(id);
  const finish = useFinishCheck(id);
  const [unsaved, setUnsaved] = useState<Record<string, boolean>>({});
  const [blocked, setBlocked] = useState<string | null>(null);
  const reportPath = `/reports/${id}`;

  if (attempt.isPending) return <LoadingState text="Loading your answers..." />;
  if (attempt.isError) {
    if (attempt.error instanceof ApiError && [400, 403, 404].includes(attempt.error.status)) {
      return (
        <EmptyState
          title="Interview Not Found"
          message="The requested interview could not be found."
          action={
            <Link to="/history" className="text-sm font-medium text-primary hover:underline">
              Back to History
            </Link>
          }
        />
      );
    }
    return (
      <ErrorState
        title="Failed to load your answers"
        message={errorMessage(attempt.error, 'An error occurred while loading your answers.')}
        onRetry={() => attempt.refetch()}
      />
    );
  }
  const a = attempt.data;
  // Not ended (or discarded): nothing to check; History resumes or shows the attempt.
  if (a.status !== 'completed') return <Navigate to="/history" replace />;
  // Nothing to check (typed answers only), or the report was started: the report page.
  if (!a.checkUntil && !finish.isPending) return <Navigate to={reportPath} replace />;

  const spoken = a.conversation
    .map((m, i) => ({ m, question: askedBefore(a.conversation, i) }))
    .filter(({ m }) => m.speaker === 'User' && m.meta?.mode === 'voice');
  const typed = a.conversation.filter(
    (m) => m.speaker === 'User' && m.meta?.mode === 'typed',
  ).length;

  const done = (skip: boolean) => {
    const pending = spoken.findIndex(({ m }) => unsaved[m.id]);
    if (!skip && pending !== -1) {
      setBlocked(
        `Save or cancel your correction of answer ${pending + 1} first, or skip to keep the answers as they are.`,
      );
      return;
    }
    setBlocked(null);
    finish.mutate(undefined, { onSuccess: () => navigate(reportPath, { replace: true }) });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title="Check your answers"
        description="This is what was recognised of your spoken answers. Correct any word that was misheard before your report is generated: the report scores what you confirm here and keeps what was recognised."
      />
      <p className="text-sm text-muted-foreground">
        {typed > 0
          ? `Only spoken answers are shown: your ${typed === 1 ? 'typed answer is' : `${typed} typed answers are`} exactly what you typed. `
          : 'Only spoken answers are shown: typed answers are exactly what was typed. '}
        If you leave, your report is generated from these answers at {formatTime(a.checkUntil)}.
      </p>

      {spoken.length > 0 ? (
        <ol className="space-y-4" aria-label="Your spoken answers">
          {spoken.map(({ m, question }, i) => (
            <AnswerToCheck
              key={m.id}
              number={i + 1}
              question={question}
              answer={m}
              recordingUrl={recordingUrlOf?.(id, m)}
              onSave={(text) => correct.mutateAsync({ answerId: m.id, text })}
              onEditingChange={(dirty) => setUnsaved((u) => ({ ...u, [m.id]: dirty }))}
            />
          ))}
        </ol>
      ) : (
        <p className="text-sm">No spoken answers were recognised in this interview.</p>
      )}

      {blocked ? <Banner tone="error">{blocked}</Banner> : null}
      {finish.isError ? (
        <Banner tone="error">
          {errorMessage(finish.error, 'Your report could not be started. Try again.')}
        </Banner>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={finish.isPending} onClick={() => done(true)}>
          Skip
        </Button>
        <Button disabled={finish.isPending} onClick={() => done(false)}>
          {finish.isPending ? 'Starting your report...' : 'Continue to report'}
        </Button>
      </div>
    </div>
  );
}
