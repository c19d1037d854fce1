import { minutesLeft, timeLeftMs, type HistoryItem } from '@candor/shared';
import { Button } from '@/components/ui/button';
import { Banner } from '@/components/ui/states';
import { formatDay, formatTime } from '@/lib/format-date';

/**
 * The pre-start screen's offer to go on with an unfinished attempt of the same set, saying how
 * much of its interview time is left (counted only while the candidate was in it, decision 038).
 * Once none is left there is nothing to resume: opening it ends it for its report.
 */
export function UnfinishedAttemptNotice({
  attempt,
  onResume,
}: {
  attempt: HistoryItem;
  onResume: () => void;
}) {
  const started = attempt.status === 'in_progress';
  const timeUp = started && timeLeftMs(attempt.duration, attempt.elapsedMs) <= 0;
  const left = minutesLeft(attempt.duration, attempt.elapsedMs);
  return (
    <Banner tone="info">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>
          You have an unfinished attempt of this interview{started ? '' : ', not started yet'}, from{' '}
          {formatDay(attempt.createdAt)} at {formatTime(attempt.createdAt)}.{' '}
          {timeUp
            ? 'Its time is up: open it and End Interview for its report, or Start Interview to begin a new one.'
            : `${left} ${left === 1 ? 'minute' : 'minutes'} of it left: resume it to carry on where you left off, or Start Interview to begin a new one.`}
        </p>
        <Button size="sm" className="shrink-0" onClick={onResume}>
          {timeUp ? 'Open attempt' : 'Resume attempt'}
        </Button>
      </div>
    </Banner>
  );
}
