import { TIMINGS } from '@candor/shared';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useCoaches } from '../api/get-coaches';
import { useRemoveCoach } from '../api/remove-coach';

/**
 * The coaches: who they are and how many cohorts each coaches. A coach is made from the
 * Candidates page; here one is made a candidate again (signed out of the portal at once).
 */
export function CoachesCard() {
  const coaches = useCoaches();
  const remove = useRemoveCoach();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  return (
    <SectionCard
      title="Coaches"
      description="Coaches sign in to this portal and see the candidates of the cohorts they coach, nothing else. Make someone a coach from the Candidates page."
    >
      {coaches.isPending ? (
        <LoadingState text="Loading coaches..." />
      ) : coaches.data?.coaches.length ? (
        <ul className="divide-y divide-border" aria-label="Coaches">
          {coaches.data.coaches.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{c.name}</span>{' '}
                <span className="text-sm text-muted-foreground">
                  {c.email} · {c.cohorts} cohort{c.cohorts === 1 ? '' : 's'}
                </span>
              </span>
              <Button
                size="sm"
                variant="outline"
                aria-label={`Remove the coach role of ${c.name}`}
                onClick={() => setRemoving({ id: c.id, name: c.name })}
              >
                Remove coach role
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No coaches yet.</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Make ${removing?.name ?? 'this coach'} a candidate again?`}
        message="They stop coaching every cohort and are signed out of this portal at once. Their own practice is kept."
        confirmLabel="Remove coach role"
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => toast.success('Coach role removed'),
            onError: (err) =>
              toast.error('Failed to remove the coach role', {
                description: errorMessage(err),
                duration: TIMINGS.toastErrorMs,
              }),
            onSettled: () => setRemoving(null),
          })
        }
      />
    </SectionCard>
  );
}
