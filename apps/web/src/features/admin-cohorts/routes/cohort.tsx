import { TIMINGS } from '@candor/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { LoadingState, PageHeader, QueryFailure } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/format-date';
import { useIsAdministrator } from '@/lib/session';
import { useDeleteCohort } from '../api/delete-cohort';
import { useCoaches } from '../api/get-coaches';
import { useCohort } from '../api/get-cohort';
import { useUpdateCohort } from '../api/update-cohort';
import { AddMembers } from '../components/add-members';
import { CohortForm } from '../components/cohort-form';
import { InviteLinks } from '../components/invite-links';
import { MembersTable } from '../components/members-table';
import { BackLink } from '@/components/ui/back-link';

const fail = (title: string, err: unknown) =>
  toast.error(title, { description: errorMessage(err), duration: TIMINGS.toastErrorMs });

/**
 * One cohort: its dates, coaches and candidates. An administrator also edits it, adds candidates
 * (list, CSV), makes invite links and deletes it; a coach reads it.
 */
export function CohortPage() {
  const { id = '' } = useParams();
  const administrator = useIsAdministrator();
  const cohort = useCohort(id);
  const coaches = useCoaches(administrator);
  const update = useUpdateCohort();
  const remove = useDeleteCohort();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const back = <BackLink to="/admin/cohorts">Back to cohorts</BackLink>;

  if (cohort.isPending) return <LoadingState text="Loading cohort..." />;
  if (cohort.isError)
    return (
      <QueryFailure
        query={cohort}
        notFound={{ title: 'Cohort not found', message: 'It may have been deleted.' }}
        failed={{ title: 'Failed to load the cohort' }}
        action={back}
      />
    );
  const c = cohort.data;
  const facts = [
    `${formatCalendarDay(c.startsOn)} – ${formatCalendarDay(c.endsOn)}`,
    c.coaches.length
      ? `Coached by ${c.coaches.map((coach) => coach.name).join(', ')}`
      : 'No coach yet',
    c.emailDomain ? `New sign-ups with a verified address at @${c.emailDomain} join` : null,
  ].filter(Boolean);

  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title={c.name}
        description={facts.join(' · ')}
        actions={
          administrator ? (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <Pencil aria-hidden /> Edit
              </Button>
              <Button variant="destructive" onClick={() => setDeleting(true)}>
                <Trash2 aria-hidden /> Delete
              </Button>
            </>
          ) : null
        }
      />
      {administrator ? (
        <div className="grid gap-6 xl:grid-cols-2">
          <AddMembers cohortId={c.id} />
          <InviteLinks cohortId={c.id} />
        </div>
      ) : null}
      <MembersTable cohortId={c.id} canRemove={administrator} />

      <Dialog open={editing} onOpenChange={setEditing} title="Edit Cohort">
        {editing ? (
          <CohortForm
            initial={c}
            coaches={[...(coaches.data?.coaches ?? [])]}
            busy={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(values) =>
              update.mutate(
                { id: c.id, ...values },
                {
                  onSuccess: () => {
                    toast.success('Cohort updated');
                    setEditing(false);
                  },
                  onError: (err) => fail('Failed to update the cohort', err),
                },
              )
            }
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${c.name}?`}
        message="The cohort, its invite links and who is in it go; the candidates and their practice stay."
        busy={remove.isPending}
        onConfirm={() =>
          remove.mutate(c.id, {
            onSuccess: () => {
              toast.success('Cohort deleted');
              navigate('/admin/cohorts', { replace: true });
            },
            onError: (err) => fail('Failed to delete the cohort', err),
            onSettled: () => setDeleting(false),
          })
        }
      />
    </div>
  );
}
