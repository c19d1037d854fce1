import type {
  AuditLogResponse,
  CoachCandidate,
  CoachReport,
  HistoryResponse,
  ResultsExportQuery,
} from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

// Every coach read is recorded by the server; none is cached for long, so the audit log matches
// what was on screen.

/** GET /api/admin/candidates/:id: profile and progress. */
export function useCoachCandidate(candidateId: string) {
  return useQuery({
    queryKey: ['admin', 'coach', candidateId],
    queryFn: ({ signal }) =>
      api.get<CoachCandidate>(`/admin/candidates/${candidateId}`, undefined, signal),
  });
}

/** GET /api/admin/candidates/:id/attempts: the candidate's History, a page at a time. */
export function useCoachAttempts(candidateId: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'coach', candidateId, 'attempts', page],
    queryFn: ({ signal }) =>
      api.get<HistoryResponse>(
        `/admin/candidates/${candidateId}/attempts`,
        { page, limit: 10 },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

const coachReportOptions = (candidateId: string, attemptId: string) =>
  queryOptions({
    queryKey: ['admin', 'coach', candidateId, 'report', attemptId],
    queryFn: ({ signal }) =>
      api.get<CoachReport>(
        `/admin/candidates/${candidateId}/attempts/${attemptId}/report`,
        undefined,
        signal,
      ),
  });

/** GET …/attempts/:attemptId/report: one request, read as the report and its transcript. */
export function useCoachReport(candidateId: string, attemptId: string) {
  return useQuery({ ...coachReportOptions(candidateId, attemptId), select: (d) => d.report });
}
export function useCoachTranscript(candidateId: string, attemptId: string) {
  return useQuery({ ...coachReportOptions(candidateId, attemptId), select: (d) => d.conversation });
}
export function useCoachRecording(candidateId: string, attemptId: string) {
  return useQuery({ ...coachReportOptions(candidateId, attemptId), select: (d) => d.recordings });
}

/** GET /api/admin/audit-log, newest first. */
export function useAuditLog(page: number, limit = 20) {
  return useQuery({
    queryKey: ['admin', 'audit-log', page, limit],
    queryFn: ({ signal }) => api.get<AuditLogResponse>('/admin/audit-log', { page, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The export's address: a plain download, so the browser streams the file to disk. */
export function resultsCsvHref(filters: ResultsExportQuery): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  const qs = query.toString();
  return `/api/admin/results.csv${qs ? `?${qs}` : ''}`;
}

/** The interview sets, for the export's filter (GET /api/admin/interview-sets). */
export function useExportSets() {
  return useQuery({
    queryKey: ['admin', 'coach', 'export-sets'],
    queryFn: ({ signal }) =>
      api.get<{ id: string; title: string; difficulty: string }[]>(
        '/admin/interview-sets',
        undefined,
        signal,
      ),
    staleTime: 60_000,
  });
}
