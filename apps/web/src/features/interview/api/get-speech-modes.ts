import { speechModesSchema, type SpeechModes } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/interview/speech: who recognises the candidate's speech and who speaks the
 * interviewer (the operator's STT_PROVIDER and TTS_PROVIDER). With server recognition a browser
 * without Web Speech (Firefox) still gets a spoken interview. Fixed while the server runs.
 */
export const speechModesQueryOptions = queryOptions({
  queryKey: ['interview', 'speech-modes'],
  queryFn: async ({ signal }): Promise<SpeechModes> =>
    speechModesSchema.parse(await api.get<unknown>('/interview/speech', undefined, signal)),
  staleTime: Infinity,
  // Unknown (an older server, a failure): the browser does both, as before.
  retry: false,
});

export function useSpeechModes(enabled = true) {
  return useQuery({ ...speechModesQueryOptions, enabled });
}
