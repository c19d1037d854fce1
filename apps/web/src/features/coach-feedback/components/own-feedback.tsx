import { useEffect } from 'react';
import { RUBRIC_SCALE_MAX, type CoachFeedback } from '@candor/shared';
import { MessageSquareText } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDay } from '@/lib/format-date';
import { useMarkFeedbackSeen, useOwnFeedback } from '../api/coach-feedback';

/**
 * The candidate's side: "Coach feedback" on their report, overall (with the coach's name and the
 * date) and under each question. Showing it marks it read, which clears the dashboard's notice.
 */
export function OwnFeedbackOverall({ interviewId }: { interviewId: string }) {
  const { data } = useOwnFeedback(interviewId);
  const seen = useMarkFeedbackSeen(interviewId);
  const feedback = data?.feedback ?? null;
  const stamp = feedback?.updatedAt;
  useEffect(() => {
    if (stamp) seen.mutate();
    // Once per version of the feedback, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);
  if (!feedback) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareText className="size-5" aria-hidden /> Coach feedback
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          From {feedback.coach.name}, {formatDay(feedback.updatedAt)}
        </p>
      </CardHeader>
      <CardContent>
        {feedback.overall ? (
          <p className="whitespace-pre-wrap text-sm">{feedback.overall}</p>
        ) : (
          <p className="text-sm text-muted-foreground">
            Your coach commented on the questions below.
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Under one question: the coach's comment and scores, when there are any. */
export function OwnFeedbackOnQuestion({
  interviewId,
  index,
}: {
  interviewId: string;
  index: number;
}) {
  const { data } = useOwnFeedback(interviewId);
  const feedback = data?.feedback ?? null;
  const q = feedback?.questions.find((f) => f.index === index);
  if (!feedback || !q) return null;
  return <QuestionFeedbackBox feedback={feedback} question={q} index={index} />;
}

function QuestionFeedbackBox({
  feedback,
  question,
  index,
}: {
  feedback: CoachFeedback;
  question: CoachFeedback['questions'][number];
  index: number;
}) {
  const criteria = feedback.rubric?.criteria ?? [];
  const scored = criteria
    .map((c, i) => ({ name: c.name, score: question.scores[i] ?? null }))
    .filter((c) => c.score !== null);
  return (
    <section
      aria-label={`Coach feedback on question ${index + 1}`}
      className="mt-3 w-full rounded-md border border-blue-600/30 bg-blue-50 p-3 text-sm text-blue-950 dark:bg-blue-950/40 dark:text-blue-100"
    >
      <h4 className="font-medium">
        Coach feedback · {feedback.coach.name}, {formatDay(feedback.updatedAt)}
      </h4>
      {question.comment ? <p className="mt-1 whitespace-pre-wrap">{question.comment}</p> : null}
      {scored.length ? (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" aria-label="Coach's scores">
          {scored.map((c) => (
            <li key={c.name}>
              {c.name}: {c.score}/{RUBRIC_SCALE_MAX}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
