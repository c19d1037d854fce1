import type { CreateInterviewResponse, InterviewSetDetail } from '@candor/shared';
import { api } from '@/lib/api-client';

/** POST /api/interview: a new attempt of the set (status `scheduled`). */
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
