import type { CreateInterviewResponse, InterviewDetail, InterviewSetDetail } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const interviewSetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['catalogue', 'set', id],
    queryFn: ({ signal }) =>
      api.get<InterviewSetDetail>(`/interview/sets/${id}`, undefined, signal),
    enabled: Boolean(id),
  });

export function useInterviewSet(id: string) {
  return useQuery(interviewSetQueryOptions(id));
}

/** An attempt opened from its URL (a reload, a resumed or a shared link): does it exist? */
export const attemptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['interview', 'attempt', id],
    queryFn: ({ signal }) => api.get<InterviewDetail>(`/interview/${id}`, undefined, signal),
    enabled: Boolean(id),
  });

export function useAttempt(id: string) {
  return useQuery(attemptQueryOptions(id));
}

export function createAttempt(set: InterviewSetDetail) {
  return api.post<CreateInterviewResponse>('/interview', {
    title: set.title,
    category: set.categoryName,
    difficulty: set.difficulty,
    type: set.type,
    duration: set.duration,
    topics: set.topics,
    interviewSetId: set.id,
  });
}

/** The pre-start screen's choice: this attempt keeps no audio of its answers (issue 14). */
export function keepNoRecordings(attemptId: string) {
  return api.put<InterviewDetail>(`/interview/${attemptId}`, { keepRecordings: false });
}
