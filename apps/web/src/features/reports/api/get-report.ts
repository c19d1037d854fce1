import type { InterviewDetail, Report } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const reportQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: ['report', interviewId],
    queryFn: ({ signal }) => api.get<Report>(`/report/interview/${interviewId}`, undefined, signal),
    // A report still being generated is asked for again until it is final.
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 1500 : false),
  });

export function useReport(interviewId: string) {
  return useQuery(reportQueryOptions(interviewId));
}

export function useInterviewTranscript(interviewId: string) {
  return useQuery({
    queryKey: ['interview', interviewId],
    queryFn: ({ signal }) =>
      api.get<InterviewDetail>(`/interview/${interviewId}`, undefined, signal),
  });
}
