import type {
  CreateInterviewResponse,
  InterviewDetail,
  InterviewSetDetail,
  InterviewerStyle,
} from '@candor/shared';
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

/**
 * The pre-start screen's choices, sent before the first word: no audio kept of the answers
 * (issue 14), and the interviewer's style (issue 15). Nothing is sent when both are the defaults.
 */
export async function applyPreStartChoices(
  attemptId: string,
  choices: {
    keepRecordings: boolean;
    interviewerStyle: InterviewerStyle;
    current: InterviewerStyle;
  },
) {
  const body = {
    ...(choices.keepRecordings ? {} : { keepRecordings: false }),
    ...(choices.interviewerStyle !== choices.current
      ? { interviewerStyle: choices.interviewerStyle }
      : {}),
  };
  if (Object.keys(body).length > 0) await api.put<InterviewDetail>(`/interview/${attemptId}`, body);
}

/**
 * A tailored attempt (issue 15) has no set: its pre-start screen shows the attempt as a set would
 * be shown (title, level, duration, the skills it is drawn from).
 */
export function setOfAttempt(attempt: InterviewDetail): InterviewSetDetail {
  const skills = attempt.tailored?.required ?? attempt.topics;
  return {
    id: attempt.id,
    title: attempt.title,
    description: attempt.tailored
      ? `Drawn from the job description for ${attempt.tailored.role}: ${skills.join(', ')}.`
      : '',
    category: { id: attempt.id, name: attempt.categoryName },
    categoryId: attempt.id,
    categoryName: attempt.categoryName,
    difficulty: attempt.difficulty,
    type: 'topic-based',
    topics: skills,
    duration: attempt.duration,
    followUpDepth: attempt.followUpDepth,
    inviteQuestions: true,
    showHome: false,
    isActive: true,
    createdAt: attempt.createdAt,
    _count: { interviews: 1, questions: 0 },
    aiPrompt: null,
    questions: [],
  };
}
