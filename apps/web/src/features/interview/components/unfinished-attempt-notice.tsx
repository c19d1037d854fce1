import type { HistoryItem } from '@candor/shared';
import { Button } from '@/components/ui/button';
import { Banner } from '@/components/ui/states';
import { formatDay, formatTime } from '@/lib/format-date';

/** The pre-start screen's offer to go on with an unfinished attempt of the same set. */
export function UnfinishedAttemptNotice({
  attempt,
  onResume,
}: {
  attempt: HistoryItem;
  onResume: () => void;
}) {
  const started = attempt.status === 'in_progress';
  return (
    <Banner tone="info">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          You have an unfinished attempt of this interview{started ? '' : ', not started yet'}, from{' '}
          {formatDay(attempt.createdAt)} at {formatTime(attempt.createdAt)}. Resume it to carry on
          where you left off, or Start Interview to begin a new one.
        </p>
        <Button size="sm" className="shrink-0" onClick={onResume}>
          Resume attempt
        </Button>
      </div>
    </Banner>
  );
}
