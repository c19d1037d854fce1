import {
  EXPERIENCE_LEVEL_LABELS,
  QUESTION_KIND_LABELS,
  TIMINGS,
  type Question,
} from '@candor/shared';
import { ArrowDown, ArrowLeft, ArrowUp, Clock, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Badge, difficultyTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Skeleton, SkeletonScreen } from '@/components/ui/skeleton';
import { EmptyState, QueryFailure } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateQuestion } from '../api/create-question';
import { useDeleteQuestion } from '../api/delete-question';
import { useSetQuestions } from '../api/get-set-questions';
import { useReorderQuestions } from '../api/reorder-questions';
import { useUpdateQuestion } from '../api/update-question';
import { QuestionForm } from '../components/question-form';
import { BackLink } from '@/components/ui/back-link';

const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
const QUESTION_TONE = { easy: 'green', medium: 'yellow', hard: 'red' } as const;
const fail = (title: string, err: unknown) =>
  toast.error(title, { description: errorMessage(err), duration: TIMINGS.toastErrorMs });

export function QuestionsPage() {
  const { interviewId = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useSetQuestions(interviewId);
  const create = useCreateQuestion();
  const update = useUpdateQuestion();
  const remove = useDeleteQuestion(interviewId);
  const reorder = useReorderQuestions(interviewId);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);

  const back = <BackLink to="/admin/interviews">Back to Interview Sets</BackLink>;
  if (isPending)
    return (
      <SkeletonScreen text="Loading questions...">
        <Skeleton className="h-8 w-80" />
        <Skeleton className="h-4 w-56" />
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </SkeletonScreen>
    );
  if (isError)
    return (
      <QueryFailure
        query={{ error, refetch }}
        notFound={{
          title: 'Interview Set Not Found',
          message: 'This interview set does not exist or was deleted.',
        }}
        failed={{ title: `Error loading data: ${error.message}` }}
        action={back}
      />
    );

  const { interviewSet: set, questions } = data;
  const totalTime = questions.reduce((sum, q) => sum + q.timeLimit, 0);
  const move = (index: number, to: number) => {
    const ids = questions.map((q) => q.id);
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    reorder.mutate(ids, { onError: (err) => fail('Failed to reorder questions', err) });
  };

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link
              to="/admin/interviews"
              className="inline-flex items-center gap-1 rounded-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              <ArrowLeft className="size-4" aria-hidden /> Interview Sets
            </Link>
          </li>
          <li aria-hidden>/</li>
          <li aria-current="page" className="truncate">
            {set.title}
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">{set.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span>{set.categoryName}</span>
            <span aria-hidden>·</span>
            <Badge tone={difficultyTone(set.difficulty)}>
              {EXPERIENCE_LEVEL_LABELS[set.difficulty]}
            </Badge>
            <span aria-hidden>·</span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-3.5" aria-hidden /> {set.duration} min
            </span>
            <span aria-hidden>·</span>
            <span>
              {questions.length} question{questions.length === 1 ? '' : 's'}, {mmss(totalTime)} in
              all
            </span>
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden /> Add Question
        </Button>
      </div>

      {questions.length === 0 ? (
        <EmptyState title="No questions yet" message="Add the questions this set asks, in order." />
      ) : (
        <ol className="space-y-3">
          {questions.map((q, i) => (
            <li key={q.id}>
              <Card
                className="flex flex-col gap-3 p-5 sm:flex-row sm:gap-4"
                data-testid="question-row"
              >
                <div className="flex min-w-0 flex-1 gap-4">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground">
                    {q.order}
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="mb-1 flex flex-wrap items-center gap-2">
                      <Badge tone={QUESTION_TONE[q.difficulty]} className="capitalize">
                        {q.difficulty}
                      </Badge>
                      <Badge tone="neutral">{QUESTION_KIND_LABELS[q.kind]}</Badge>
                      <span className="text-xs text-muted-foreground">
                        Time: {mmss(q.timeLimit)}
                      </span>
                    </div>
                    <p className="font-medium">{q.questionText}</p>
                    {q.expectedAnswer ? (
                      <p className="mt-2 text-sm text-muted-foreground">
                        <span className="font-medium text-foreground">Expected answer: </span>
                        {q.expectedAnswer}
                      </p>
                    ) : null}
                    {q.keyPoints.length > 0 ? (
                      <div className="mt-2 text-sm text-muted-foreground">
                        <span className="font-medium text-foreground">Key points:</span>
                        <ul className="ml-5 list-disc">
                          {q.keyPoints.map((point) => (
                            <li key={point}>{point}</li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                  </div>
                </div>
                {/* Under the text on phones, beside it from sm up: one set of controls either way. */}
                <div className="flex shrink-0 justify-end gap-1 border-t border-border pt-2 sm:items-start sm:border-0 sm:pt-0">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move question ${q.order} up`}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, i - 1)}
                  >
                    <ArrowUp />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move question ${q.order} down`}
                    disabled={i === questions.length - 1 || reorder.isPending}
                    onClick={() => move(i, i + 1)}
                  >
                    <ArrowDown />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit question ${q.order}`}
                    onClick={() => setEditing(q)}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete question ${q.order}`}
                    onClick={() => setDeleting(q)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ol>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Add Question' : 'Edit Question'}
      >
        {editing !== null ? (
          <QuestionForm
            initial={editing === 'new' ? undefined : editing}
            busy={create.isPending || update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values) => {
              const done = {
                onSuccess: () => {
                  toast.success(editing === 'new' ? 'Question added' : 'Question updated');
                  setEditing(null);
                },
                onError: (err: unknown) =>
                  fail(
                    editing === 'new' ? 'Failed to add question' : 'Failed to update question',
                    err,
                  ),
              };
              if (editing === 'new')
                create.mutate({ ...values, interviewSetId: interviewId }, done);
              else update.mutate({ ...values, id: editing.id }, done);
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete question"
        message="Are you sure you want to delete this question?"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Question deleted'),
            onError: (err) => fail('Failed to delete question', err),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
