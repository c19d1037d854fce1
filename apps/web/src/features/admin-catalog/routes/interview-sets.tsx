import {
  INTERVIEW_TYPES,
  INTERVIEW_TYPE_LABELS,
  TIMINGS,
  type InterviewSet,
  type Question,
} from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { FilterSelect, SearchField } from '@/components/ui/filters';
import { labelled } from '@/components/ui/input';
import { Skeleton, SkeletonGrid, SkeletonScreen } from '@/components/ui/skeleton';
import { Banner, EmptyState, PageHeader, QueriesErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreateInterviewSet } from '../api/create-interview-set';
import { useDeleteInterviewSet } from '../api/delete-interview-set';
import { useCategories } from '../api/get-categories';
import { useInterviewSets } from '../api/get-interview-sets';
import { setQuestionsQueryOptions } from '../api/get-set-questions';
import { useUpdateInterviewSet } from '../api/update-interview-set';
import { AdminSetCard } from '../components/admin-set-card';
import { SetForm } from '../components/set-form';

const fail = (title: string, err: unknown) =>
  toast.error(title, { description: errorMessage(err), duration: TIMINGS.toastErrorMs });

export function InterviewSetsPage() {
  const sets = useInterviewSets();
  const categories = useCategories();
  const create = useCreateInterviewSet();
  const update = useUpdateInterviewSet();
  const remove = useDeleteInterviewSet();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [type, setType] = useState('all');
  const [editing, setEditing] = useState<{ set?: InterviewSet; questions?: Question[] } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<InterviewSet | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  if (sets.isPending || categories.isPending)
    return (
      <SkeletonScreen text="Loading interview sets...">
        <div className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
        <SkeletonGrid />
      </SkeletonScreen>
    );
  if (sets.isError || categories.isError) {
    return <QueriesErrorState title="Failed to Load Interview Sets" queries={[sets, categories]} />;
  }

  const q = search.trim().toLowerCase();
  const shown = sets.data.filter(
    (s) =>
      (category === 'all' || s.categoryId === category) &&
      (type === 'all' || s.type === type) &&
      (!q ||
        s.title.toLowerCase().includes(q) ||
        s.description.toLowerCase().includes(q) ||
        s.topics.some((t) => t.toLowerCase().includes(q))),
  );

  // A fixed set's questions are fetched fresh before its form opens; the card shows it is busy.
  const openEdit = async (set: InterviewSet) => {
    setOpening(set.id);
    try {
      const detail =
        set.type === 'fixed'
          ? await queryClient.fetchQuery(setQuestionsQueryOptions(set.id))
          : undefined;
      setEditing({ set, questions: detail?.questions });
    } catch (err) {
      fail('Failed to load interview set', err);
    } finally {
      setOpening(null);
    }
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Interview Sets"
        description="Fixed sets ask their questions in order; topic-based sets let the AI interviewer lead."
        actions={
          <Button onClick={() => setEditing({})} disabled={categories.data.length === 0}>
            <Plus aria-hidden /> New Interview Set
          </Button>
        }
      />
      {categories.data.length === 0 ? (
        <Banner tone="info">
          <span className="flex items-center gap-2">
            <AlertTriangle className="size-4" aria-hidden /> Interview sets belong to a category.{' '}
            <Link to="/admin/categories" className="font-medium underline">
              Create categories first
            </Link>
          </span>
        </Banner>
      ) : null}

      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto]">
        <SearchField
          id="set-search"
          label="Search interview sets"
          placeholder="Search interview sets..."
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="set-category-filter"
          label="Filter by category"
          value={category}
          onChange={setCategory}
          all="All Categories"
          options={categories.data.map((c) => ({ value: c.id, label: c.name }))}
        />
        <FilterSelect
          id="set-type-filter"
          label="Filter by type"
          value={type}
          onChange={setType}
          all="All Types"
          options={labelled(INTERVIEW_TYPES, INTERVIEW_TYPE_LABELS)}
        />
      </div>
      {sets.data.length > 0 ? (
        <p className="-mt-2 text-sm text-muted-foreground" aria-live="polite">
          {shown.length} of {sets.data.length} interview sets
        </p>
      ) : null}

      {sets.data.length === 0 ? (
        <EmptyState
          title="No Interview Sets"
          message="Create the first interview set for your candidates."
          action={
            categories.data.length > 0 ? (
              <Button onClick={() => setEditing({})}>Create First Interview Set</Button>
            ) : null
          }
        />
      ) : shown.length === 0 ? (
        <EmptyState
          title="No interview sets match your filters"
          action={
            <Button
              variant="outline"
              onClick={() => {
                setSearch('');
                setCategory('all');
                setType('all');
              }}
            >
              Clear Filters
            </Button>
          }
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((s) => (
            <AdminSetCard
              key={s.id}
              set={s}
              opening={opening === s.id}
              onEdit={() => void openEdit(s)}
              onDelete={() => setDeleting(s)}
            />
          ))}
        </div>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.set ? 'Edit Interview Set' : 'Create Interview Set'}
        wide
      >
        {editing !== null ? (
          <SetForm
            categories={categories.data}
            initial={editing.set}
            initialQuestions={editing.questions}
            busy={create.isPending || update.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={(values) => {
              const { set } = editing;
              if (set) {
                update.mutate(
                  { ...values, id: set.id },
                  {
                    onSuccess: () => {
                      toast.success('Interview set updated');
                      setEditing(null);
                    },
                    onError: (err) => fail('Failed to update interview set', err),
                  },
                );
              } else {
                create.mutate(values, {
                  onSuccess: () => {
                    toast.success('Interview set created');
                    setEditing(null);
                  },
                  onError: (err) => fail('Failed to create interview set', err),
                });
              }
            }}
          />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete interview set"
        message={`Are you sure you want to delete the interview set "${deleting?.title ?? ''}"? This action cannot be undone.`}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success('Interview set deleted'),
            onError: (err) => fail('Failed to delete interview set', err),
            onSettled: () => setDeleting(null),
          })
        }
      />
    </div>
  );
}
