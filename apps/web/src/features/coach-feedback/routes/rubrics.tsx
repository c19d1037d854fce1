import { useState } from 'react';
import { COACH_FEEDBACK_LIMITS, RUBRIC_SCALE_MAX, type Rubric } from '@candor/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Label, Textarea } from '@/components/ui/input';
import { Banner, ErrorState, LoadingState, PageHeader } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useDeleteRubric, useRubrics, useSaveRubric } from '../api/rubrics';

type Criterion = { name: string; description: string };

/**
 * The rubric library (admin portal, coaches too): named rubrics whose criteria a coach scores
 * 0–10 on a report. Editing one never changes feedback already given (it keeps its copy).
 */
export function RubricsPage() {
  useDocumentTitle('Rubrics');
  const rubrics = useRubrics();
  if (rubrics.isPending) return <LoadingState text="Loading rubrics…" />;
  if (rubrics.isError) {
    return (
      <ErrorState
        title="Could not load the rubrics"
        message={errorMessage(rubrics.error)}
        onRetry={() => void rubrics.refetch()}
      />
    );
  }
  return (
    <div className="space-y-6">
      <PageHeader
        title="Rubrics"
        description={`Criteria a coach scores from 0 to ${RUBRIC_SCALE_MAX} beside the automatic score. Feedback already given keeps the rubric as it was.`}
      />
      {rubrics.data.rubrics.map((r) => (
        <RubricForm key={`${r.id}-${r.updatedAt}`} rubric={r} />
      ))}
      <RubricForm rubric={null} />
    </div>
  );
}

function RubricForm({ rubric }: { rubric: Rubric | null }) {
  const save = useSaveRubric();
  const remove = useDeleteRubric();
  const [name, setName] = useState(rubric?.name ?? '');
  const [criteria, setCriteria] = useState<Criterion[]>(
    rubric?.criteria ?? [{ name: '', description: '' }],
  );
  const idPart = rubric?.id ?? 'new';
  const edit = (i: number, change: Partial<Criterion>) =>
    setCriteria((all) => all.map((c, j) => (j === i ? { ...c, ...change } : c)));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    save.mutate(
      { id: rubric?.id ?? null, body: { name, criteria } },
      {
        onSuccess: () => {
          if (!rubric) {
            setName('');
            setCriteria([{ name: '', description: '' }]);
          }
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{rubric ? rubric.name : 'New rubric'}</CardTitle>
        {rubric?.isDefault ? (
          <p className="text-sm text-muted-foreground">The default: chosen first, never deleted.</p>
        ) : null}
      </CardHeader>
      <CardContent>
        <form
          onSubmit={submit}
          className="space-y-4"
          aria-label={rubric ? rubric.name : 'New rubric'}
        >
          <div className="space-y-1.5">
            <Label htmlFor={`rubric-${idPart}-name`}>Name</Label>
            <Input
              id={`rubric-${idPart}-name`}
              value={name}
              maxLength={COACH_FEEDBACK_LIMITS.rubricName}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          {criteria.map((c, i) => (
            <fieldset
              key={i}
              className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_2fr_auto]"
            >
              <legend className="px-1 text-sm font-medium">Criterion {i + 1}</legend>
              <div className="space-y-1">
                <Label htmlFor={`rubric-${idPart}-c${i}-name`}>Criterion name</Label>
                <Input
                  id={`rubric-${idPart}-c${i}-name`}
                  value={c.name}
                  maxLength={COACH_FEEDBACK_LIMITS.criterionName}
                  onChange={(e) => edit(i, { name: e.target.value })}
                />
              </div>
              <div className="space-y-1">
                <Label htmlFor={`rubric-${idPart}-c${i}-description`}>Description</Label>
                <Textarea
                  id={`rubric-${idPart}-c${i}-description`}
                  className="min-h-10"
                  value={c.description}
                  maxLength={COACH_FEEDBACK_LIMITS.criterionDescription}
                  onChange={(e) => edit(i, { description: e.target.value })}
                />
              </div>
              <Button
                type="button"
                variant="outline"
                className="self-end"
                disabled={criteria.length === 1}
                onClick={() => setCriteria((all) => all.filter((_, j) => j !== i))}
              >
                Remove<span className="sr-only"> criterion {i + 1}</span>
              </Button>
            </fieldset>
          ))}
          {save.isError ? <Banner tone="error">{errorMessage(save.error)}</Banner> : null}
          {remove.isError ? <Banner tone="error">{errorMessage(remove.error)}</Banner> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={criteria.length >= COACH_FEEDBACK_LIMITS.criteria}
              onClick={() => setCriteria((all) => [...all, { name: '', description: '' }])}
            >
              Add a criterion
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {rubric ? 'Save rubric' : 'Create rubric'}
            </Button>
            {rubric && !rubric.isDefault ? (
              <Button
                type="button"
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(`Delete the rubric "${rubric.name}"?`))
                    remove.mutate(rubric.id);
                }}
              >
                Delete
              </Button>
            ) : null}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
