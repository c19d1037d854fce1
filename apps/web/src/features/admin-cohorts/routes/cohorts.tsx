import { TIMINGS } from '@candor/shared';
import { GraduationCap, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, PageHeader, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatCalendarDay } from '@/lib/format-date';
import { useIsAdministrator } from '@/lib/session';
import { useCreateCohort } from '../api/create-cohort';
import { useCoaches } from '../api/get-coaches';
import { useCohorts } from '../api/get-cohorts';
import { CoachesCard } from '../components/coaches-card';
import { CohortForm } from '../components/cohort-form';

const COLUMNS = [
  { label: 'Cohort' },
  { label: 'Dates' },
  { label: 'Candidates' },
  { label: 'Coaches' },
];

/**
 * Cohorts (issue 31): an administrator's every cohort, with a way to make one and the coaches; a
 * coach's own cohorts, to open their candidates.
 */
export function CohortsPage() {
  const administrator = useIsAdministrator();
  const list = useCohorts();
  const coaches = useCoaches(administrator);
  const create = useCreateCohort();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Cohorts"
        description={
          administrator
            ? 'Groups of candidates with their dates and coaches. Add candidates by list, CSV, invite link or e-mail domain.'
            : 'The cohorts you coach.'
        }
        actions={
          administrator ? (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden /> New Cohort
            </Button>
          ) : null
        }
      />
      <QueryView query={list} loading="Loading cohorts..." errorTitle="Failed to load cohorts">
        {({ cohorts }) =>
          cohorts.length === 0 ? (
            <EmptyState
              icon={<GraduationCap className="size-10 text-muted-foreground" aria-hidden />}
              title="No cohorts yet"
              message={
                administrator
                  ? 'Make a cohort, then add its candidates.'
                  : 'An administrator has not given you a cohort yet.'
              }
            />
          ) : (
            <DataTable caption="Cohorts" columns={COLUMNS}>
              {cohorts.map((c) => (
                <tr key={c.id} className="border-b border-border" data-testid="cohort-row">
                  <td className="p-3 font-medium">
                    <Link to={`/admin/cohorts/${c.id}`} className="text-primary hover:underline">
                      {c.name}
                    </Link>
                  </td>
                  <td className="whitespace-nowrap p-3">
                    {formatCalendarDay(c.startsOn)} – {formatCalendarDay(c.endsOn)}
                  </td>
                  <td className="p-3 tabular-nums">{c.memberCount}</td>
                  <td className="p-3">
                    {c.coaches.length ? c.coaches.map((coach) => coach.name).join(', ') : '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
      {administrator ? <CoachesCard /> : null}
      <Dialog open={creating} onOpenChange={setCreating} title="New Cohort">
        {creating ? (
          <CohortForm
            coaches={coaches.data?.coaches ?? []}
            busy={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (cohort) => {
                  toast.success('Cohort created');
                  setCreating(false);
                  navigate(`/admin/cohorts/${cohort.id}`);
                },
                onError: (err) =>
                  toast.error('Failed to create cohort', {
                    description: errorMessage(err),
                    duration: TIMINGS.toastErrorMs,
                  }),
              })
            }
          />
        ) : null}
      </Dialog>
    </div>
  );
}
