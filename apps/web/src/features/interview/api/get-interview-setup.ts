import { interviewSetupSchema, type InterviewSetup } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/interview/speech: who recognises the candidate's speech and who speaks the
 * interviewer (the operator's STT_PROVIDER and TTS_PROVIDER), and whether coaches may play kept
 * recordings (COACH_REVIEW_RECORDINGS). With server recognition a browser without Web Speech
 * (Firefox) still gets a spoken interview. Fixed while the server runs.
 */
export const interviewSetupQueryOptions = queryOptions({
  queryKey: ['interview', 'setup'],
  queryFn: async ({ signal }): Promise<InterviewSetup> =>
    interviewSetupSchema.parse(await api.get<unknown>('/interview/speech', undefined, signal)),
  staleTime: Infinity,
  // Unknown (an older server, a failure): the browser does both, as before, and the recordings
  // note says coaches may listen only if the server said so.
  retry: false,
});

export function useInterviewSetup(enabled = true) {
  return useQuery({ ...interviewSetupQueryOptions, enabled });
}
