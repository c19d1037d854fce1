import type { CoachCandidate } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

// Every coach read is recorded by the server; none is cached for long, so the audit log matches
// what was on screen.

/** GET /api/admin/candidates/:id: profile and progress. */
export const coachCandidateQueryOptions = (candidateId: string) =>
  getQueryOptions<CoachCandidate>(
    ['admin', 'coach', candidateId],
    `/admin/candidates/${candidateId}`,
  );

export function useCoachCandidate(candidateId: string) {
  return useQuery(coachCandidateQueryOptions(candidateId));
}
