import { attemptCodingSchema, type AttemptCoding } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/interview/:id/coding: the attempt's coding questions (issue 16), examples only, never
 * hidden tests, with the runs so far.
 */
export const getAttemptCoding = async (
  interviewId: string,
  signal?: AbortSignal,
): Promise<AttemptCoding> =>
  attemptCodingSchema.parse(
    await api.get<unknown>(`/interview/${interviewId}/coding`, undefined, signal),
  );

/** Every read of the attempt's coding questions, whichever question it was read for. */
export const attemptCodingKey = (interviewId: string) =>
  ['interview', interviewId, 'coding'] as const;

/**
 * The server shows a problem only once it is asked: read again for each newly asked question
 * (`askedUpTo`, the question the interviewer asked last).
 */
export const attemptCodingQueryOptions = (interviewId: string, askedUpTo: number | null) =>
  queryOptions({
    queryKey: [...attemptCodingKey(interviewId), askedUpTo],
    queryFn: ({ signal }) => getAttemptCoding(interviewId, signal),
    staleTime: Infinity,
  });

export function useAttemptCoding(interviewId: string, askedUpTo: number | null) {
  return useQuery(attemptCodingQueryOptions(interviewId, askedUpTo));
}
