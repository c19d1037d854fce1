import { useState } from 'react';
import {
  COACH_FEEDBACK_LIMITS,
  RUBRIC_SCALE_MAX,
  type CoachFeedback,
  type QuestionReport,
  type Rubric,
} from '@candor/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Select, Textarea } from '@/components/ui/input';
import { Banner, ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDayTime } from '@/lib/format-date';
import { useSaveFeedback, useStaffFeedback } from '../api/coach-feedback';
import { useRubrics } from '../api/rubrics';

type Draft = { comment: string; scores: (number | null)[] };

/**
 * The coach's feedback on one report: an overall comment, a comment per question and, with a
 * rubric of the library chosen, a score per criterion beside the automatic one. Saved whole.
 */
export function FeedbackEditor({
  candidateId,
  attemptId,
  questions,
}: {
  candidateId: string;
  attemptId: string;
  questions: QuestionReport[];
}) {
  const feedback = useStaffFeedback(candidateId, attemptId);
  // Kept here, above the form that is remounted after a save, so "saved" stays on screen.
  const save = useSaveFeedback(candidateId, attemptId);
  const rubrics = useRubrics();
  if (feedback.isPending || rubrics.isPending) return <LoadingState text="Loading feedback…" />;
  if (feedback.isError || rubrics.isError) {
    return (
      <ErrorState
        title="Could not load the feedback"
        message={errorMessage(feedback.error ?? rubrics.error)}
        onRetry={() => {
          void feedback.refetch();
          void rubrics.refetch();
        }}
      />
    );
  }
  const saved = feedback.data.feedback;
  return (
    // Remounted after each save, so the form starts from what was stored.
    <EditorForm
      key={saved?.updatedAt ?? 'new'}
      questions={questions}
      saved={saved}
      rubrics={rubrics.data.rubrics}
      save={save}
    />
  );
}

function EditorForm({
  questions,
  saved,
  rubrics,
  save,
}: {
  questions: QuestionReport[];
  saved: CoachFeedback | null;
  rubrics: Rubric[];
  save: ReturnType<typeof useSaveFeedback>;
}) {
  const [overall, setOverall] = useState(saved?.overall ?? '');
  const [rubricId, setRubricId] = useState(
    saved?.rubric?.id ?? rubrics.find((r) => r.isDefault)?.id ?? '',
  );
  const [drafts, setDrafts] = useState<Draft[]>(() =>
    questions.map((_, index) => {
      const q = saved?.questions.find((f) => f.index === index);
      return { comment: q?.comment ?? '', scores: q?.scores ?? [] };
    }),
  );
  const rubric = rubrics.find((r) => r.id === rubricId) ?? null;
  const edit = (index: number, change: Partial<Draft>) =>
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...change } : d)));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const criteria = rubric?.criteria.length ?? 0;
    save.mutate({
      overall,
      rubricId: rubric?.id ?? null,
      questions: drafts.map((d, index) => ({
        index,
        comment: d.comment,
        scores: Array.from({ length: criteria }, (_, c) => d.scores[c] ?? null),
      })),
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Coach feedback</CardTitle>
        {saved ? (
          <p className="text-sm text-muted-foreground">
            Last saved by {saved.coach.name}, {formatDayTime(saved.updatedAt)}. The candidate sees
            it on their report.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">
            The candidate sees it on their report and is told by e-mail.
          </p>
        )}
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-5" aria-label="Coach feedback">
          <div className="space-y-1.5">
            <Label htmlFor="feedback-rubric">Rubric for scores</Label>
            <Select
              id="feedback-rubric"
              value={rubricId}
              onChange={(e) => setRubricId(e.target.value)}
            >
              <option value="">No scores, comments only</option>
              {rubrics.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="feedback-overall">Overall comment</Label>
            <Textarea
              id="feedback-overall"
              value={overall}
              maxLength={COACH_FEEDBACK_LIMITS.overall}
              onChange={(e) => setOverall(e.target.value)}
            />
          </div>
          {questions.map((q, index) => (
            <fieldset key={index} className="space-y-2 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">
                Question {index + 1}:{' '}
                {q.question.length > 90 ? `${q.question.slice(0, 90)}…` : q.question}
              </legend>
              <p className="text-xs text-muted-foreground">
                Automatic score:{' '}
                {q.score === null
                  ? 'not scored'
                  : `${Math.round(q.score / 10)}/${RUBRIC_SCALE_MAX}`}
              </p>
              <Label htmlFor={`feedback-q${index}`}>Comment on question {index + 1}</Label>
              <Textarea
                id={`feedback-q${index}`}
                value={drafts[index]!.comment}
                maxLength={COACH_FEEDBACK_LIMITS.comment}
                onChange={(e) => edit(index, { comment: e.target.value })}
              />
              {rubric ? (
                <div className="flex flex-wrap gap-3">
                  {rubric.criteria.map((c, ci) => (
                    <div key={ci} className="w-32 space-y-1">
                      <Label htmlFor={`feedback-q${index}-c${ci}`} title={c.description}>
                        {c.name}
                      </Label>
                      <Input
                        id={`feedback-q${index}-c${ci}`}
                        type="number"
                        min={0}
                        max={RUBRIC_SCALE_MAX}
                        step={1}
                        placeholder={`0–${RUBRIC_SCALE_MAX}`}
                        value={drafts[index]!.scores[ci] ?? ''}
                        onChange={(e) => {
                          const scores = [...drafts[index]!.scores];
                          scores[ci] = e.target.value === '' ? null : Number(e.target.value);
                          edit(index, { scores });
                        }}
                      />
                    </div>
                  ))}
                </div>
              ) : null}
            </fieldset>
          ))}
          {save.isError ? <Banner tone="error">{errorMessage(save.error)}</Banner> : null}
          {save.isSuccess ? <Banner tone="success">Feedback saved.</Banner> : null}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save feedback'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
