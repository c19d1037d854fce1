import { VOICE, timeLeftMs } from '@candor/shared';
import { useEffect, useState } from 'react';
import { cn } from '@/lib/utils';
import { clockElapsed, type ClockReading } from '../live/session-state';

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

/**
 * What screen readers are told from the time the timer shows, once each minute of the last ones
 * and at the end: whole minutes left, never more than the timer says (at 01:01 left, "1 minute").
 */
export function timeAnnouncement(remainingMs: number | null): string {
  if (remainingMs === null || remainingMs > VOICE.timeWarningSeconds * 1000) return '';
  if (remainingMs <= 0) return 'Time is up.';
  const minutes = Math.floor(remainingMs / 60_000);
  if (minutes === 0) return 'Less than a minute left in this interview.';
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left in this interview.`;
}

/**
 * Elapsed time and the time remaining of the attempt's duration, both from the interview clock
 * (what the server counted, counting on while connected: decision 038), with a warning in the last
 * 2 minutes: amber on screen and said politely to screen readers, from the same remaining time.
 */
export function LiveTimer({
  clock,
  durationMinutes,
  running,
  className,
}: {
  className?: string;
  clock: ClockReading | null;
  durationMinutes: number | null;
  running: boolean;
}) {
  const now = useNow(running && !!clock?.running);
  const elapsed = clock ? clockElapsed(clock, now) : 0;
  const remaining = clock && durationMinutes ? timeLeftMs(durationMinutes, elapsed) : null;
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
