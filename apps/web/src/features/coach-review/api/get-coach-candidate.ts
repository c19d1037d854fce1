import type { CoachCandidate } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Every coach read is recorded by the server; none is cached for long, so the audit log matches
// what was on screen.

/** GET /api/admin/candidates/:id: profile and progress. */
export const getCoachCandidate = (candidateId: string, signal?: AbortSignal) =>
  api.get<CoachCandidate>(`/admin/candidates/${candidateId}`, undefined, signal);

export const coachCandidateQueryOptions = (candidateId: string) =>
  queryOptions({
    queryKey: ['admin', 'coach', candidateId],
    queryFn: ({ signal }) => getCoachCandidate(candidateId, signal),
  });

export function useCoachCandidate(candidateId: string) {
  return useQuery(coachCandidateQueryOptions(candidateId));
}
