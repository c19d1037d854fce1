import type { CoachReport } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/admin/candidates/:id/attempts/:attemptId/report: one request (one audit entry), read
 * as the report, its transcript and its recordings.
 */
export const getCoachReport = (candidateId: string, attemptId: string, signal?: AbortSignal) =>
  api.get<CoachReport>(
    `/admin/candidates/${candidateId}/attempts/${attemptId}/report`,
    undefined,
    signal,
  );

export const coachReportQueryOptions = (candidateId: string, attemptId: string) =>
  queryOptions({
    queryKey: ['admin', 'coach', candidateId, 'report', attemptId],
    queryFn: ({ signal }) => getCoachReport(candidateId, attemptId, signal),
  });

export function useCoachReport(candidateId: string, attemptId: string) {
  return useQuery({ ...coachReportQueryOptions(candidateId, attemptId), select: (d) => d.report });
}

export function useCoachTranscript(candidateId: string, attemptId: string) {
  return useQuery({
    ...coachReportQueryOptions(candidateId, attemptId),
    select: (d) => d.conversation,
  });
}

export function useCoachRecording(candidateId: string, attemptId: string) {
  return useQuery({
    ...coachReportQueryOptions(candidateId, attemptId),
    select: (d) => d.recordings,
  });
}
