import { END_OF_TURN_WAIT_MS, PATIENCES, type Patience } from '@candor/shared';
import { ChoiceCard } from '@/components/ui/choice-card';
import { usePatience } from '@/lib/patience';
import { cn } from '@/lib/utils';

const LABELS: Record<Patience, { label: string; who: string }> = {
  relaxed: { label: 'Relaxed', who: 'For those who pause to think mid-answer.' },
  normal: { label: 'Normal', who: 'For most people.' },
  quick: { label: 'Quick', who: 'For short, crisp answers.' },
};

const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString('en', { maximumFractionDigits: 1 })} s`;

/** What a patience means, in the numbers it waits (END_OF_TURN_WAIT_MS, the one source). */
export function patienceText(patience: Patience): string {
  const { finished, unfinished } = END_OF_TURN_WAIT_MS[patience];
  return `${LABELS[patience].who} Waits ${seconds(finished)} after a finished sentence, ${seconds(unfinished)} after an unfinished one.`;
}

/**
 * "Patience": how long the interviewer waits in silence before taking an answer (decision 037),
 * the candidate's own setting, saved in their account as soon as it is chosen. On the pre-start
 * screen and in Settings; the interviewer's style does not change it.
 */
export function PatiencePicker({ id, className }: { id: string; className?: string }) {
  const { patience, setPatience, failed } = usePatience();
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={`${id}-note`}>
      <legend className="font-medium">Patience</legend>
      <p id={`${id}-note`} className="text-sm text-muted-foreground">
        How long the interviewer waits when you fall silent, whatever its style. A question to the
        interviewer, or “that’s it”, is taken at once; “let me think” always waits.
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {PATIENCES.map((value) => (
          <ChoiceCard
            key={value}
            name={`${id}-patience`}
            value={value}
            checked={patience === value}
            onChoose={() => setPatience(value)}
            describedBy={`${id}-${value}-text`}
            className="gap-2 p-3 text-sm"
          >
            <span>
              <span className="block font-medium">{LABELS[value].label}</span>
              <span id={`${id}-${value}-text`} className="block text-xs text-muted-foreground">
                {patienceText(value)}
              </span>
            </span>
          </ChoiceCard>
        ))}
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          Your patience could not be saved. Please try again.
        </p>
      ) : null}
    </fieldset>
  );
}
