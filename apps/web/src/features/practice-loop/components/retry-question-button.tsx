import type { QuestionReport } from '@candor/shared';
import { RotateCcw } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useCreateRetry } from '../api/create-retry';

/**
 * "Retry this question" under a scored question of the candidate's own report (issue 30): a short
 * attempt of that one question, which costs a credit like any attempt.
 */
export function RetryQuestionButton({
  interviewId,
  question,
  index,
}: {
  interviewId: string;
  question: QuestionReport;
  index: number;
}) {
  const navigate = useNavigate();
  const retry = useCreateRetry(interviewId);
  if (!question.scored) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={retry.isPending}
        aria-label={`Retry this question: Q${index + 1}`}
        onClick={() =>
          retry.mutate(index, {
            onSuccess: ({ id }) => void navigate(`/interview/retry/${id}`),
          })
        }
      >
        <RotateCcw className="size-4" aria-hidden />
        {retry.isPending ? 'Starting...' : 'Retry this question'}
      </Button>
      <span className="text-xs text-muted-foreground">Uses one interview credit.</span>
      {retry.isError ? (
        <p role="alert" className="w-full text-sm text-destructive">
          {errorMessage(retry.error, 'Could not start the retry')}
        </p>
      ) : null}
    </div>
  );
}
