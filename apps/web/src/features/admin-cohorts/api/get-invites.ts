import type { CohortInvite } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/cohorts/:id/invites: the links made, newest first (never their codes). */
export const invitesQueryOptions = (cohortId: string) =>
  getQueryOptions<{ invites: CohortInvite[] }>(
    ['admin', 'cohorts', 'invites', cohortId],
    `/admin/cohorts/${cohortId}/invites`,
  );

export function useInvites(cohortId: string) {
  return useQuery(invitesQueryOptions(cohortId));
}
