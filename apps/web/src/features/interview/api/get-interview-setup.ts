import type { InterviewSetup } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const SIDES: readonly string[] = ['browser', 'server'] satisfies InterviewSetup['recognition'][];

/**
 * The server's answer, checked field by field (as @candor/shared's interviewSetupSchema would).
 * By hand rather than with the schema: the pre-start screen is what a phone opens first, and the
 * schema would bring zod into its first download (25 KB gzip, issue 32). get-interview-setup.test.ts holds
 * the two to the same answers.
 */
export function readInterviewSetup(body: unknown): InterviewSetup {
  const o = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const side = (field: 'recognition' | 'voice') => {
    const v = o[field];
    if (typeof v !== 'string' || !SIDES.includes(v))
      throw new Error(`interview setup: ${field} must be browser or server`);
    return v as InterviewSetup[typeof field];
  };
  if (typeof o.coachesMayListen !== 'boolean')
    throw new Error('interview setup: coachesMayListen must be true or false');
  return {
    recognition: side('recognition'),
    voice: side('voice'),
    coachesMayListen: o.coachesMayListen,
  };
}

/**
 * GET /api/interview/speech: who recognises the candidate's speech and who speaks the
 * interviewer (the operator's STT_PROVIDER and TTS_PROVIDER), and whether coaches may play kept
 * recordings (COACH_REVIEW_RECORDINGS). With server recognition a browser without Web Speech
 * (Firefox) still gets a spoken interview. Fixed while the server runs.
 */
export const interviewSetupQueryOptions = queryOptions({
  queryKey: ['interview', 'setup'],
  queryFn: async ({ signal }): Promise<InterviewSetup> =>
    readInterviewSetup(await api.get<unknown>('/interview/speech', undefined, signal)),
  staleTime: Infinity,
  // Unknown (an older server, a failure): the browser does both, as before, and the recordings
  // note says coaches may listen only if the server said so.
  retry: false,
});

export function useInterviewSetup(enabled = true) {
  return useQuery({ ...interviewSetupQueryOptions, enabled });
}
