import type { InterviewDetail, InterviewerStyle } from '@candor/shared';
import { api } from '@/lib/api-client';

/**
 * The pre-start screen's choices, sent before the first word: no audio kept of the answers
 * (issue 14), and the interviewer's style (issue 15), in PUT /api/interview/:id. Nothing is sent
 * when both are the defaults.
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
