import {
  VOICE,
  recordingUrl,
  type AttemptRecordings,
  type InterviewDetail,
  type Report,
} from '@candor/shared';
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

export const interviewTranscriptQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: ['interview', interviewId],
    queryFn: ({ signal }) =>
      api.get<InterviewDetail>(`/interview/${interviewId}`, undefined, signal),
  });

export function useInterviewTranscript(interviewId: string) {
  return useQuery(interviewTranscriptQueryOptions(interviewId));
}

export const answerRecordingsQueryOptions = (interviewId: string) =>
  queryOptions({
    queryKey: ['interview', interviewId, 'recordings'],
    queryFn: ({ signal }) =>
      api.get<AttemptRecordings>(`/interview/${interviewId}/recordings`, undefined, signal),
    enabled: Boolean(interviewId),
  });

/**
 * The attempt's recordings (issue 14), as the play URL of each answer that has one. A failure
 * only hides the play controls: the transcript stands without them.
 */
export function useAnswerRecordings(interviewId: string) {
  return useQuery({
    ...answerRecordingsQueryOptions(interviewId),
    select: (data) =>
      new Map(data.recordings.map((r) => [r.answerId, recordingUrl(interviewId, r.answerId)])),
  });
}
