import { COHORT_LIMITS, type CohortInviteCreated, type InviteState } from '@candor/shared';
import { Copy, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { Input, Label } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDayTime } from '@/lib/format-date';
import { useCreateInvite } from '../api/create-invite';
import { useInvites } from '../api/get-invites';
import { useWithdrawInvite } from '../api/withdraw-invite';

const STATE_LABELS: Record<InviteState, [string, 'green' | 'grey' | 'red']> = {
  open: ['Open', 'green'],
  expired: ['Expired', 'grey'],
  full: ['Full', 'grey'],
  withdrawn: ['Withdrawn', 'red'],
};

/**
 * Invite links: a link anyone may follow to sign up (or in) and join, until it expires or its
 * places are taken. The link is shown once, when made: only a fingerprint of it is kept.
 */
export function InviteLinks({ cohortId }: { cohortId: string }) {
  const invites = useInvites(cohortId);
  const create = useCreateInvite();
  const withdraw = useWithdrawInvite();
  const [days, setDays] = useState<number>(COHORT_LIMITS.inviteDaysDefault);
  const [seats, setSeats] = useState<number>(COHORT_LIMITS.inviteSeatsDefault);
  const [made, setMade] = useState<CohortInviteCreated | null>(null);
  const ids = { days: useId(), seats: useId(), url: useId() };
  const valid =
    Number.isInteger(days) &&
    days >= COHORT_LIMITS.inviteDaysMin &&
    days <= COHORT_LIMITS.inviteDaysMax &&
    Number.isInteger(seats) &&
    seats >= 1 &&
    seats <= COHORT_LIMITS.inviteSeatsMax;

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Copy the link by hand: the browser refused the clipboard');
    }
  };

  return (
    <SectionCard
      title="Invite links"
      description="For people without an account yet: they sign up (or sign in) through the link and join."
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor={ids.days}>Valid for (days)</Label>
          <Input
            id={ids.days}
            type="number"
            min={COHORT_LIMITS.inviteDaysMin}
            max={COHORT_LIMITS.inviteDaysMax}
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
            className="w-32"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={ids.seats}>Places</Label>
          <Input
            id={ids.seats}
            type="number"
            min={1}
            max={COHORT_LIMITS.inviteSeatsMax}
            value={seats}
            onChange={(e) => setSeats(Number(e.target.value))}
            className="w-32"
          />
        </div>
        <Button
          disabled={!valid || create.isPending}
          onClick={() =>
            create.mutate(
              { id: cohortId, days, seats },
              {
                onSuccess: setMade,
                onError: (err) =>
                  toast.error('Failed to make a link', { description: errorMessage(err) }),
              },
            )
          }
        >
          <Link2 aria-hidden /> {create.isPending ? 'Making...' : 'Make invite link'}
        </Button>
      </div>
      {made ? (
        <div className="mt-4 space-y-2">
          <Banner tone="info">Copy this link now: it is shown only once.</Banner>
          <div className="flex gap-2">
            <Label htmlFor={ids.url} className="sr-only">
              Invite link
            </Label>
            <Input id={ids.url} readOnly value={made.url} onFocus={(e) => e.target.select()} />
            <Button variant="outline" onClick={() => void copy(made.url)}>
              <Copy aria-hidden /> Copy
            </Button>
          </div>
        </div>
      ) : null}
      {invites.data?.invites.length ? (
        <ul className="mt-4 divide-y divide-border" aria-label="Invite links made">
          {invites.data.invites.map((invite) => {
            const [label, tone] = STATE_LABELS[invite.state];
            return (
              <li
                key={invite.id}
                className="flex flex-wrap items-center justify-between gap-2 py-2"
              >
                <span className="text-sm">
                  <Badge tone={tone}>{label}</Badge> {invite.seatsTaken} of {invite.seats} places
                  taken · until {formatDayTime(invite.expiresAt)} · made by {invite.createdBy}
                </span>
                {invite.state === 'open' || invite.state === 'full' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={withdraw.isPending}
                    onClick={() =>
                      withdraw.mutate(
                        { id: cohortId, inviteId: invite.id },
                        { onSuccess: () => toast.success('Link withdrawn') },
                      )
                    }
                  >
                    Withdraw
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </SectionCard>
  );
}
