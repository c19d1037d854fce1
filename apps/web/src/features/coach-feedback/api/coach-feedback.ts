import type {
  CoachFeedbackInput,
  CoachFeedbackNotices,
  CoachFeedbackResponse,
} from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQueryOptions } from '@/lib/api-query';

/** Coach feedback on a report (issue 31): the staff's read and save, the candidate's own read. */

const staffPath = (candidateId: string, attemptId: string) =>
  `/admin/candidates/${encodeURIComponent(candidateId)}/attempts/${encodeURIComponent(attemptId)}/feedback`;

export const staffFeedbackQueryOptions = (candidateId: string, attemptId: string) =>
  getQueryOptions<CoachFeedbackResponse>(
    ['admin', 'coach', candidateId, 'feedback', attemptId],
    staffPath(candidateId, attemptId),
  );

export function useStaffFeedback(candidateId: string, attemptId: string) {
  return useQuery(staffFeedbackQueryOptions(candidateId, attemptId));
}

export function useSaveFeedback(candidateId: string, attemptId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CoachFeedbackInput) =>
      api.put<CoachFeedbackResponse>(staffPath(candidateId, attemptId), body),
    onSuccess: (data) =>
      client.setQueryData(staffFeedbackQueryOptions(candidateId, attemptId).queryKey, data),
  });
}

export const ownFeedbackQueryOptions = (interviewId: string) =>
  getQueryOptions<CoachFeedbackResponse>(
    ['coach-feedback', interviewId],
    `/report/interview/${encodeURIComponent(interviewId)}/coach-feedback`,
  );

export function useOwnFeedback(interviewId: string) {
  return useQuery(ownFeedbackQueryOptions(interviewId));
}

/** The candidate has read it: the dashboard's notice goes. */
export function useMarkFeedbackSeen(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<void>(`/report/interview/${encodeURIComponent(interviewId)}/coach-feedback/seen`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['coach-feedback-notices'] }),
  });
}

export const feedbackNoticesQueryOptions = () =>
  getQueryOptions<CoachFeedbackNotices>(['coach-feedback-notices'], '/user/coach-feedback');

export function useFeedbackNotices() {
  return useQuery(feedbackNoticesQueryOptions());
}
