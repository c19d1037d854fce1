import {
  DIFFICULTIES,
  DIFFICULTY_FILTER_LABELS,
  INTERVIEW_TYPES,
  INTERVIEW_TYPE_LABELS,
} from '@candor/shared';
import { BriefcaseBusiness, FolderOpen, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { FilterSelect, SearchField } from '@/components/ui/filters';
import { labelled } from '@/components/ui/input';
import { SkeletonGrid, SkeletonScreen, Skeleton } from '@/components/ui/skeleton';
import { EmptyState, PageHeader, QueriesErrorState } from '@/components/ui/states';
import {
  availableCategoriesQueryOptions,
  useAvailableCategories,
} from '../api/get-available-categories';
import { availableSetsQueryOptions, useAvailableSets } from '../api/get-available-sets';
import { CategoryTabs } from '../components/category-tabs';
import { SetCard } from '../components/set-card';
import { filterSets, hasFilters, NO_FILTERS, type PracticeFilters } from '../filter';

/** What Practice draws first (@candor/shared's firstReads), read before it is drawn (app/first-queries.ts). */
export const firstQueries = () => [availableSetsQueryOptions, availableCategoriesQueryOptions];

export function PracticePage() {
  const sets = useAvailableSets();
  const categories = useAvailableCategories();
  // Filters live in the URL so a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get('category');
  const filters: PracticeFilters = {
    search: params.get('q') ?? '',
    type: params.get('type') ?? 'all',
    difficulty: params.get('difficulty') ?? 'all',
    // A link to a category that has since been deactivated falls back to all categories.
    category:
      categoryParam && categories.data?.some((c) => c.name === categoryParam)
        ? categoryParam
        : 'all',
  };
  const update = (change: Partial<PracticeFilters>) => {
    const next = { ...filters, ...change };
    const p = new URLSearchParams();
    if (next.search) p.set('q', next.search);
    if (next.type !== 'all') p.set('type', next.type);
    if (next.difficulty !== 'all') p.set('difficulty', next.difficulty);
    if (next.category !== 'all') p.set('category', next.category);
    // Rendered at once, not in the router's usual transition: otherwise a second filter chosen
    // before the first has rendered starts from the stale filters and undoes it, and the
    // search box (controlled by the URL) drops keystrokes typed faster than a render.
    setParams(p, { replace: true, flushSync: true });
  };
  const { search, type, difficulty, category } = filters;
  const visible = useMemo(
    () => filterSets(sets.data ?? [], { search, type, difficulty, category }),
    [sets.data, search, type, difficulty, category],
  );

  if (sets.isPending || categories.isPending) return <PracticeSkeleton />;
  if (sets.isError || categories.isError) {
    return (
      <QueriesErrorState title="Failed to load practice sessions" queries={[sets, categories]} />
    );
  }

  const header = (
    <PageHeader
      title="Practice"
      description="Pick an interview set and practise out loud with the AI interviewer."
      actions={
        // A tailored interview needs no catalogue: offered whatever the sets are (issue 15).
        <Button asChild>
          <Link to="/practice/job">
            <BriefcaseBusiness className="size-4" aria-hidden /> Practise for a job
          </Link>
        </Button>
      }
    />
  );
  if (categories.data.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          icon={<FolderOpen className="size-10 text-muted-foreground" aria-hidden />}
          title="No Interview Categories"
          message="Nothing to practise yet: an administrator has not published any categories. Check back soon."
        />
      </>
    );
  }
  if (sets.data.length === 0) {
    return (
      <>
        {header}
        <EmptyState
          title="No Interview Sets"
          message="The categories are ready but hold nothing to practise yet. Check back soon."
        />
      </>
    );
  }

  return (
    <div className="space-y-6">
      {header}
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto]">
        <SearchField
          id="practice-search"
          label="Search interviews"
          placeholder="Search by technology, role, or topic..."
          value={filters.search}
          onChange={(value) => update({ search: value })}
        />
        <FilterSelect
          id="practice-type"
          label="Interview type"
          value={filters.type}
          onChange={(value) => update({ type: value })}
          all="All Types"
          options={labelled(INTERVIEW_TYPES, INTERVIEW_TYPE_LABELS)}
        />
        <FilterSelect
          id="practice-difficulty"
          label="Difficulty"
          value={filters.difficulty}
          onChange={(value) => update({ difficulty: value })}
          all="All Levels"
          options={labelled(DIFFICULTIES, DIFFICULTY_FILTER_LABELS)}
        />
      </div>
      <CategoryTabs
        categories={categories.data}
        total={sets.data.length}
        value={filters.category}
        onChange={(category) => update({ category })}
      />
      <h2 id="practice-results-heading" className="text-lg font-semibold" aria-live="polite">
        Showing {visible.length} interviews in{' '}
        {filters.category === 'all' ? 'All Categories' : filters.category}
      </h2>
      <div id="practice-results" role="tabpanel" aria-labelledby="practice-results-heading">
        {visible.length === 0 ? (
          <EmptyState
            icon={<SearchX className="size-10 text-muted-foreground" aria-hidden />}
            title="No interviews found"
            message="Try a different search term or filter."
            action={
              hasFilters(filters) ? (
                <Button variant="outline" onClick={() => update(NO_FILTERS)}>
                  Clear All Filters
                </Button>
              ) : null
            }
          />
        ) : (
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {visible.map((set) => (
              <SetCard key={set.id} set={set} />
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

function PracticeSkeleton() {
  return (
    <SkeletonScreen text="Loading practice sessions...">
      <div className="grid gap-3 md:grid-cols-[1fr_12rem_12rem]">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
      <div className="flex gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-10 flex-1" />
        ))}
      </div>
      <Skeleton className="h-6 w-72" />
      <SkeletonGrid />
    </SkeletonScreen>
  );
}
