import { CREDITS_LIMIT_MAX, type CandidateCredits } from '@candor/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useCandidateCredits } from '../api/get-candidate-credits';
import { useSetCandidateCredits } from '../api/update-candidate-credits';

const inPeriod = (c: CandidateCredits) => (c.period === 'month' ? ' this month' : '');
const limitWords = (n: number | null) => (n === null || n === 0 ? 'unlimited' : String(n));

function CreditsForm({ credits, name }: { credits: CandidateCredits; name: string }) {
  const save = useSetCandidateCredits(credits.userId);
  const [text, setText] = useState(String(credits.ownLimit ?? credits.platformLimit));
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const id = `credits-${credits.userId}`;
  const submit = (creditsLimit: number | null) =>
    save.mutate(
      { creditsLimit },
      {
        onSuccess: (next) => {
          setText(String(next.ownLimit ?? next.platformLimit));
          setNote({ error: false, text: 'Limit saved.' });
        },
        onError: (err) => setNote({ error: true, text: errorMessage(err) }),
      },
    );
  return (
    <form
      className="space-y-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const t = text.trim();
        if (!/^\d+$/.test(t) || Number(t) > CREDITS_LIMIT_MAX) {
          setNote({
            error: true,
            text: `Enter a whole number from 0 (unlimited) to ${CREDITS_LIMIT_MAX}.`,
          });
          return;
        }
        submit(Number(t));
      }}
    >
      <p data-testid="candidate-credits-used">
        {credits.creditsUsed} used{inPeriod(credits)} of {limitWords(credits.creditsLimit)}
        <span className="text-muted-foreground">
          {credits.ownLimit === null ? ' (platform limit)' : ' (own limit)'}
        </span>
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={id}>Interview limit for {name}</Label>
          <Input
            id={id}
            inputMode="numeric"
            className="w-28"
            value={text}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save limit
        </Button>
        {credits.ownLimit !== null ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={save.isPending}
            onClick={() => submit(null)}
          >
            Use platform limit
          </Button>
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        0 means unlimited; the platform limit is set in Settings.
      </p>
      {note ? (
        <p
          role={note.error ? 'alert' : 'status'}
          className={
            note.error ? 'text-sm text-destructive' : 'text-sm text-green-700 dark:text-green-400'
          }
        >
          {note.text}
        </p>
      ) : null}
    </form>
  );
}

/** The candidates page's credit control: what the candidate used and their own limit. */
export function CandidateCreditsControl({
  candidateId,
  name,
}: {
  candidateId: string;
  name: string;
}) {
  const { data, isPending, isError, refetch } = useCandidateCredits(candidateId);
  return (
    <section aria-label={`Credits of ${name}`}>
      <p className="text-xs font-semibold uppercase text-muted-foreground">Credits</p>
      {isPending ? (
        <Skeleton className="mt-1 h-16 w-full max-w-sm" />
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load credits.{' '}
          <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void refetch()}>
            Try again
          </Button>
        </p>
      ) : (
        <CreditsForm credits={data} name={name} />
      )}
    </section>
  );
}
