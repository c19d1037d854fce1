import { whiteboardSchema, type Whiteboard } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/interview/:id/whiteboard?questionIndex=N: the board of a system-design question as last
 * saved (issue 29); `designing` is false on any other kind of question.
 */
export const getWhiteboard = async (
  interviewId: string,
  questionIndex: number,
  signal?: AbortSignal,
): Promise<Whiteboard> =>
  whiteboardSchema.parse(
    await api.get<unknown>(`/interview/${interviewId}/whiteboard`, { questionIndex }, signal),
  );

export const whiteboardKey = (interviewId: string, questionIndex: number | null) =>
  ['interview', interviewId, 'whiteboard', questionIndex] as const;

export const whiteboardQueryOptions = (interviewId: string, questionIndex: number | null) =>
  queryOptions({
    queryKey: whiteboardKey(interviewId, questionIndex),
    queryFn: ({ signal }) => getWhiteboard(interviewId, questionIndex!, signal),
    enabled: questionIndex !== null,
    // The board on screen is the newest copy: it is read once per question, then only written.
    staleTime: Infinity,
  });

export function useWhiteboard(interviewId: string, questionIndex: number | null) {
  return useQuery(whiteboardQueryOptions(interviewId, questionIndex));
}
