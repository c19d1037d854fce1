import { Badge } from '@/components/ui/badge';
import { useModelAnswers } from '../api/get-model-answers';

/**
 * A model answer under the candidate's own (issue 30), marked as an example: one strong answer
 * among many. The server gives none for a question the candidate did not answer.
 */
export function ModelAnswer({ interviewId, index }: { interviewId: string; index: number }) {
  const { data } = useModelAnswers(interviewId);
  const answer = data?.find((a) => a.questionIndex === index);
  if (!answer) return null;
  return (
    <section
      className="mt-3 rounded-md border border-dashed border-border p-3 text-sm"
      aria-label={`Model answer to question ${index + 1}`}
      data-testid="model-answer"
    >
      <p className="flex flex-wrap items-center gap-2 font-medium">
        Model answer <Badge tone="neutral">Example</Badge>
      </p>
      <p className="mt-1 text-muted-foreground">{answer.text}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        {answer.source === 'model'
          ? 'Written by the AI model as one example of a strong answer, not the only right one.'
          : 'From the expected answer to this question: one example of a strong answer.'}
      </p>
    </section>
  );
}
