import { VOICE, type InterviewDetail, type Report } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const reportQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: ['report', interviewId],
    queryFn: ({ signal }) => api.get<Report>(`/report/interview/${interviewId}`, undefined, signal),
    // A report still being generated is asked for again until it is final: the one poll of a
    // report (the live screen learns it from the live channel's `report` frame).
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? VOICE.reportPollEveryMs : false),
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
