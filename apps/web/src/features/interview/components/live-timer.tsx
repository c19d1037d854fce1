import { VOICE } from '@candor/shared';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';

export const mmss = (ms: number) => {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** The time now, ticking every second while `running`. */
function useNow(running: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [running]);
  return now;
}

/** What screen readers are told, once each: the 2-minute warning, then time up. */
export function timeAnnouncement(remainingMs: number | null): string {
  if (remainingMs === null) return '';
  if (remainingMs <= 0) return 'Time is up.';
  if (remainingMs <= VOICE.timeWarningSeconds * 1000)
    return `${Math.round(VOICE.timeWarningSeconds / 60)} minutes left in this interview.`;
  return '';
}

/**
 * Elapsed time (counting while connected and started) and the time remaining of the attempt's
 * duration, with a warning at 2 minutes left: amber on screen and said politely to screen readers.
 */
export function LiveTimer({
  startedAt,
  durationMinutes,
  running,
  className,
}: {
  className?: string;
  startedAt: number | null;
  durationMinutes: number | null;
  running: boolean;
}) {
  const now = useNow(running);
  const elapsed = startedAt ? now - startedAt : 0;
  const remaining =
    startedAt && durationMinutes ? durationMinutes * 60_000 - (now - startedAt) : null;
  const warn = remaining !== null && remaining <= VOICE.timeWarningSeconds * 1000;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <span
        className="rounded-md bg-muted px-2 py-1 font-mono text-base tabular-nums sm:px-3 sm:text-lg"
        aria-label="Elapsed time"
        role="timer"
      >
        {mmss(elapsed)}
      </span>
      {remaining !== null ? (
        <span
          className={cn(
            'whitespace-nowrap rounded-md px-2 py-1 text-sm tabular-nums sm:px-3',
            warn
              ? 'bg-amber-100 font-semibold text-amber-950 dark:bg-amber-500/20 dark:text-amber-100'
              : 'text-muted-foreground',
          )}
          role="timer"
          aria-label="Time remaining"
          data-testid="time-remaining"
        >
          {remaining > 0 ? `${mmss(remaining)} left` : 'Time is up'}
        </span>
      ) : null}
      <span className="sr-only" aria-live="polite" data-testid="time-announcement">
        {timeAnnouncement(remaining)}
      </span>
    </div>
  );
}
