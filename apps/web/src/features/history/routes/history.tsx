import {
  HISTORY_PAGE_SIZE,
  TIMINGS,
  type HistoryItem,
  type HistoryStatusFilter,
} from '@candor/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FilterSelect, SearchField } from '@/components/ui/filters';
import { Pagination } from '@/components/ui/pagination';
import { Stat } from '@/components/ui/stat';
import { EmptyState, PageHeader, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { useDiscardAttempt } from '../api/discard-attempt';
import { useEndAttempt } from '../api/end-attempt';
import { useHistory, type HistoryParams } from '../api/get-history';
import { useHistoryCategories } from '../api/get-history-categories';
import { useHistoryCounters } from '../api/get-history-counters';
import { HistoryRow } from '../components/history-row';

const STATUS_OPTIONS = [
  { value: 'completed', label: 'Completed' },
  // Scheduled and in-progress attempts: the ones that can be resumed.
  { value: 'not_completed', label: 'Not Completed' },
];

export function HistoryPage() {
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('all');
  const [status, setStatus] = useState<HistoryStatusFilter>('all');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search.trim(), TIMINGS.historySearchDebounceMs);
  const query: HistoryParams = {
    search: debounced,
    category,
    status,
    page,
    limit: HISTORY_PAGE_SIZE,
  };
  const list = useHistory(query);
  const counters = useHistoryCounters();
  const categories = useHistoryCategories();
  const reset = () => setPage(1);
  // The attempt asked about stays set while the dialog closes, so its text does not flicker.
  const [discarding, setDiscarding] = useState<HistoryItem | null>(null);
  const [confirming, setConfirming] = useState(false);
  const discard = useDiscardAttempt();
  const askDiscard = (item: HistoryItem) => {
    setDiscarding(item);
    setConfirming(true);
  };
  const navigate = useNavigate();
  const end = useEndAttempt();
  const getReport = (item: HistoryItem) =>
    end.mutate(item.id, {
      // Spoken answers are checked first (decision 024), as after End Interview.
      onSuccess: (detail) =>
        navigate(detail.checkUntil ? `/interview/${item.id}/check` : `/reports/${item.id}`),
      onError: (err) =>
        toast.error('Failed to end the interview', {
          description: errorMessage(err),
          duration: TIMINGS.toastErrorMs,
        }),
    });
  const confirmDiscard = () => {
    if (!discarding) return;
    discard.mutate(discarding.id, {
      onSuccess: () => toast.success('Interview discarded'),
      onError: (err) =>
        toast.error('Failed to discard interview', {
          description: errorMessage(err),
          duration: TIMINGS.toastErrorMs,
        }),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Interview History"
        description="Every interview you started, with its report when complete."
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Stat label="Total Interviews" value={counters.data?.total ?? '–'} testId="history-total" />
        <Stat
          label="Completed"
          value={counters.data?.completed ?? '–'}
          testId="history-completed"
        />
      </div>
      <div className="grid gap-3 md:grid-cols-[1fr_auto_auto]">
        <SearchField
          id="history-search"
          label="Search interviews"
          placeholder="Search by title, category or topic..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            reset();
          }}
        />
        <FilterSelect
          id="history-category"
          label="Category"
          value={category}
          onChange={(value) => {
            setCategory(value);
            reset();
          }}
          all="All Categories"
          options={(categories.data ?? []).map((c) => ({ value: c.name, label: c.name }))}
        />
        <FilterSelect
          id="history-status"
          label="Status"
          value={status}
          onChange={(value) => {
            setStatus(value as HistoryStatusFilter);
            reset();
          }}
          all="All Interviews"
          options={STATUS_OPTIONS}
        />
      </div>

      <QueryView
        query={list}
        loading="Loading interview history..."
        errorTitle="Failed to load interview history"
        errorMessage="An error occurred while loading your interview history."
      >
        {({ interviews, meta }) =>
          interviews.length === 0 ? (
            <EmptyState
              title="No interviews found"
              message="Try adjusting your filters or search term."
            />
          ) : (
            <>
              <div className="space-y-3" aria-busy={list.isFetching}>
                {interviews.map((item) => (
                  <HistoryRow
                    key={item.id}
                    item={item}
                    onDiscard={askDiscard}
                    onGetReport={getReport}
                  />
                ))}
              </div>
              <Pagination page={page} totalPages={meta.totalPages} onChange={setPage} />
            </>
          )
        }
      </QueryView>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard this interview?"
        message={`"${discarding?.title ?? ''}" will be marked Cancelled and can no longer be resumed. It stays in your history.`}
        confirmLabel="Discard"
        onConfirm={confirmDiscard}
      />
    </div>
  );
}
