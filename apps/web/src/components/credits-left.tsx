import { creditsLeftText } from '@candor/shared';
import { Ticket } from 'lucide-react';
import { useUserStats } from '@/lib/user-stats';
import { cn } from '@/lib/utils';

/**
 * "2 of 5 interviews left this month", from the candidate's stats: on the Dashboard and the
 * pre-start screen. Nothing while loading, and nothing for an unlimited candidate.
 */
export function CreditsLeft({ className }: { className?: string }) {
  const { data } = useUserStats();
  if (!data) return null;
  const text = creditsLeftText(data.creditsUsed, data.creditsLimit, data.creditsPeriod);
  if (text === null) return null;
  const none = data.creditsLimit !== null && data.creditsUsed >= data.creditsLimit;
  return (
    <p
      className={cn('flex items-center gap-1.5 text-sm', none && 'font-semibold', className)}
      data-testid="credits-left"
    >
      <Ticket className="size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}
