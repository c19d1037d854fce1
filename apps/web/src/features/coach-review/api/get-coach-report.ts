import type { CoachReport } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/**
 * GET /api/admin/candidates/:id/attempts/:attemptId/report: one request (one audit entry), read
 * as the report, its transcript and its recordings.
 */
export const coachReportQueryOptions = (candidateId: string, attemptId: string) =>
  getQueryOptions<CoachReport>(
    ['admin', 'coach', candidateId, 'report', attemptId],
    `/admin/candidates/${candidateId}/attempts/${attemptId}/report`,
  );

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
