import { CREDITS_LIMIT_MAX, type CreditSettings } from '@candor/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { Banner, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCreditSettings } from '../api/get-credit-settings';
import { useSetCreditSettings } from '../api/update-credit-settings';

const limitWords = (n: number) => (n === 0 ? 'unlimited' : `${n} per candidate`);
const periodWords = (s: CreditSettings) =>
  s.period === 'month' ? 'each calendar month (from the 1st, UTC)' : 'in total (never reset)';

/** A whole number from 0 to the maximum, else the reason it is not. */
function parseLimit(text: string): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return 'Enter a whole number (0 for unlimited).';
  const n = Number(t);
  return n > CREDITS_LIMIT_MAX ? `At most ${CREDITS_LIMIT_MAX}.` : n;
}

function CreditsForm({ settings }: { settings: CreditSettings }) {
  const save = useSetCreditSettings();
  const [text, setText] = useState(String(settings.effectiveLimit));
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const submit = (creditsLimit: number | null) =>
    save.mutate(
      { creditsLimit },
      {
        onSuccess: (next) => {
          setText(String(next.effectiveLimit));
          setBanner({ tone: 'success', text: 'Interview limit saved.' });
        },
        onError: (err) => setBanner({ tone: 'error', text: errorMessage(err) }),
      },
    );
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setBanner(null);
        const parsed = parseLimit(text);
        if (typeof parsed === 'string') {
          setError(parsed);
          return;
        }
        setError(null);
        submit(parsed);
      }}
    >
      {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
      <p className="text-sm" data-testid="credits-in-force">
        In force: <strong>{limitWords(settings.effectiveLimit)}</strong> {periodWords(settings)}
        {settings.creditsLimit === null
          ? ', the server’s default (CREDITS_DEFAULT_LIMIT).'
          : ', set here.'}
      </p>
      <TextField
        id="platform-credits"
        label="Interviews per candidate"
        hint="0 means unlimited. A candidate’s own limit (candidates page) overrides this."
        error={error ?? undefined}
        inputMode="numeric"
        value={text}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {settings.creditsLimit !== null ? (
          <Button
            type="button"
            variant="outline"
            disabled={save.isPending}
            onClick={() => {
              setBanner(null);
              setError(null);
              submit(null);
            }}
          >
            Use the server default ({limitWords(settings.defaultLimit)})
          </Button>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save limit'}
        </Button>
      </div>
    </form>
  );
}

/** Admin settings → Credits: how many interviews each candidate may start per period. */
export function CreditsSettings() {
  const settings = useCreditSettings();
  return (
    <SectionCard
      title="Interview credits"
      description="An interview costs one credit when its first answer is stored. Administrators are never limited."
    >
      <QueryView
        query={settings}
        loading="Loading credits..."
        errorTitle="Failed to load credits"
        errorMessage={null}
      >
        {(data) => <CreditsForm settings={data} />}
      </QueryView>
    </SectionCard>
  );
}
