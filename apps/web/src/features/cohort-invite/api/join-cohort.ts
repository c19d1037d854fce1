import type { JoinedCohort } from '@candor/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/cohort-invites/:token/join: the signed-in candidate joins (once). */
export const joinCohort = (token: string) =>
  api.post<JoinedCohort>(`/cohort-invites/${token}/join`);

export function useJoinCohort() {
  return useMutation({ mutationFn: joinCohort });
}
