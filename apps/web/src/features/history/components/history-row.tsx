import {
  ATTEMPT_IDLE_HOURS,
  historyScoreBand,
  interviewMinutes,
  minutesLeft,
  timeLeftMs,
  type HistoryItem,
} from '@candor/shared';
import { CalendarDays, CheckCircle2, Clock, Hourglass, PlayCircle, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { formatDay } from '@/lib/format-date';

const SCORE_CLASS = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-700 dark:text-yellow-400',
  red: 'text-red-700 dark:text-red-400',
  grey: 'text-muted-foreground',
};
const STATUS = {
  completed: {
    icon: CheckCircle2,
    className: 'text-green-700 dark:text-green-400',
    label: 'Completed',
  },
  in_progress: {
    icon: PlayCircle,
    className: 'text-blue-600 dark:text-blue-400',
    label: 'In Progress',
  },
  scheduled: {
    icon: Clock,
    className: 'text-yellow-700 dark:text-yellow-400',
    label: 'Not Completed',
  },
  cancelled: { icon: XCircle, className: 'text-red-700 dark:text-red-400', label: 'Cancelled' },
  /** Cancelled by the idle sweep (a reason, not a status): shown apart from a discard. */
  abandoned: {
    icon: Hourglass,
    className: 'text-muted-foreground',
    label: 'Abandoned',
  },
} as const;

const statusOf = (item: HistoryItem) =>
  item.status === 'cancelled' && item.cancelReason === 'abandoned'
    ? STATUS.abandoned
    : STATUS[item.status];

/** An unfinished attempt (scheduled or in progress): it can be resumed or discarded. */
export const isUnfinished = (item: HistoryItem) =>
  item.status === 'scheduled' || item.status === 'in_progress';

/**
 * An unfinished attempt whose interview time ran out (counted only while the candidate was in it,
 * decision 038): there is nothing to resume, only its report to get.
 */
export const isTimeUp = (item: HistoryItem) =>
  item.status === 'in_progress' && timeLeftMs(item.duration, item.elapsedMs) <= 0;

export function HistoryRow({
  item,
  onDiscard,
  onGetReport,
}: {
  item: HistoryItem;
  /** Asks to discard an unfinished attempt (the page confirms first). */
  onDiscard: (item: HistoryItem) => void;
  /** Ends an unfinished attempt whose time is up, for its report. */
  onGetReport: (item: HistoryItem) => void;
}) {
  const status = statusOf(item);
  const timeUp = isTimeUp(item);
  // Resume opens the interview screen on this attempt, as a reload does (not once its set is gone).
  const resumeTo =
    item.type === 'tailored'
      ? `/interview/job/${item.id}?attempt=${item.id}`
      : item.interviewSetId
        ? `/interview/${item.interviewSetId}?attempt=${item.id}`
        : null;
  const score = item.report?.overallScore ?? 0;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="history-row">
      <status.icon className={cn('size-6 shrink-0', status.className)} aria-label={status.label} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">{item.title}</h3>
          <Badge>{item.type}</Badge>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <CalendarDays className="size-3.5" aria-hidden /> {formatDay(item.scheduledAt)}
          </span>
          {/* A finished attempt's own length, as its report says it; otherwise the set's. */}
          <span data-testid="history-duration">
            {item.status === 'completed' ? interviewMinutes(item.elapsedMs) : item.duration} min
          </span>
          <span>{item.categoryName}</span>
        </p>
        {item.topics.length > 0 ? (
          <div className="mt-2 flex flex-wrap gap-1">
            {item.topics.slice(0, 4).map((t) => (
              <Badge key={t} tone="primary">
                {t}
              </Badge>
            ))}
          </div>
        ) : null}
      </div>
      <div className="flex items-center gap-4 sm:justify-end">
        {item.status === 'completed' ? (
          <>
            <span className={cn('text-2xl font-bold', SCORE_CLASS[historyScoreBand(score)])}>
              {item.report?.overallScore ?? 0}%
            </span>
            <Link
              to={`/reports/${item.id}`}
              className="text-sm font-medium text-primary hover:underline"
              aria-label={`View Report: ${item.title}`}
            >
              View Report
            </Link>
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:justify-end">
            <span className={cn('text-sm font-medium', status.className)}>
              {status.label}
              {status === STATUS.abandoned ? (
                <span className="block text-xs font-normal">
                  Closed after {ATTEMPT_IDLE_HOURS} hours without activity
                </span>
              ) : null}
              {isUnfinished(item) ? (
                <span className="block text-xs font-normal" data-testid="time-left">
                  {timeUp ? 'Time is up' : `${minutesLeft(item.duration, item.elapsedMs)} min left`}
                </span>
              ) : null}
            </span>
            {isUnfinished(item) ? (
              <div className="flex gap-2">
                {timeUp ? (
                  // Nothing left to resume: ending it gives the report of what was answered.
                  <Button
                    size="sm"
                    onClick={() => onGetReport(item)}
                    aria-label={`Get report: ${item.title}`}
                  >
                    Get report
                  </Button>
                ) : resumeTo ? (
                  <Button asChild size="sm">
                    <Link to={resumeTo} aria-label={`Resume: ${item.title}`}>
                      Resume
                    </Link>
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onDiscard(item)}
                  aria-label={`Discard: ${item.title}`}
                >
                  Discard
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </div>
    </Card>
  );
}
