import { TIMINGS } from '@candor/shared';
import { ClipboardList, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { Dialog } from '@/components/ui/dialog';
import { EmptyState, PageHeader, QueryView } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { formatDayTime } from '@/lib/format-date';
import { useAssignments, useCohortChoices, useCreateAssignment } from '../api/assignments';
import { AssignmentForm } from '../components/assignment-form';

const COLUMNS = [
  { label: 'Cohort' },
  { label: 'Interview sets' },
  { label: 'Opens' },
  { label: 'Due' },
  { label: 'Attempts' },
  { label: 'Candidates' },
];

/**
 * Assignments (issue 31): sets a cohort is to do by a due time. An administrator sees every one,
 * a coach those of the cohorts they coach, and either may assign more.
 */
export function AssignmentsPage() {
  const list = useAssignments();
  const cohorts = useCohortChoices();
  const create = useCreateAssignment();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const choices = cohorts.data?.cohorts ?? [];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Assignments"
        description="Interview sets a cohort is to do by a due time, and who has done what."
        actions={
          <Button onClick={() => setCreating(true)} disabled={choices.length === 0}>
            <Plus aria-hidden /> New Assignment
          </Button>
        }
      />
      <QueryView
        query={list}
        loading="Loading assignments..."
        errorTitle="Failed to load assignments"
      >
        {({ assignments }) =>
          assignments.length === 0 ? (
            <EmptyState
              icon={<ClipboardList className="size-10 text-muted-foreground" aria-hidden />}
              title="No assignments yet"
              message="Assign interview sets to a cohort with an opening and a due time."
            />
          ) : (
            <DataTable caption="Assignments" columns={COLUMNS}>
              {assignments.map((a) => (
                <tr key={a.id} className="border-b border-border" data-testid="assignment-row">
                  <td className="p-3 font-medium">
                    <Link
                      to={`/admin/assignments/${a.id}`}
                      className="text-primary hover:underline"
                    >
                      {a.cohort.name}
                    </Link>
                  </td>
                  <td className="p-3">{a.sets.map((s) => s.title).join(', ')}</td>
                  <td className="whitespace-nowrap p-3">{formatDayTime(a.opensAt)}</td>
                  <td className="whitespace-nowrap p-3">{formatDayTime(a.dueAt)}</td>
                  <td className="p-3 tabular-nums">{a.attemptsAllowed}</td>
                  <td className="p-3 tabular-nums">{a.candidates}</td>
                </tr>
              ))}
            </DataTable>
          )
        }
      </QueryView>
      <Dialog open={creating} onOpenChange={setCreating} title="New Assignment">
        {creating ? (
          <AssignmentForm
            cohorts={choices}
            busy={create.isPending}
            onCancel={() => setCreating(false)}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (made) => {
                  toast.success('Assignment made');
                  setCreating(false);
                  navigate(`/admin/assignments/${made.id}`);
                },
                onError: (err) =>
                  toast.error('Failed to make the assignment', {
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
