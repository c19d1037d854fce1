import type { CreateInterviewResponse, MyAssignmentsResponse } from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/assignments: "Assigned to you", the assignments of the candidate's cohorts. */
export const myAssignmentsQueryOptions = getQueryOptions<MyAssignmentsResponse>(
  ['assignments', 'mine'],
  '/assignments',
);

export function useMyAssignments() {
  return useQuery(myAssignmentsQueryOptions);
}

/** POST /api/assignments/:id/sets/:setId/start: an attempt counted towards the assignment. */
export function useStartAssigned() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assignmentId, setId }: { assignmentId: string; setId: string }) =>
      api.post<CreateInterviewResponse>(`/assignments/${assignmentId}/sets/${setId}/start`),
    onSettled: () => client.invalidateQueries({ queryKey: ['assignments'] }),
  });
}

/**
 * One of the candidate's assignments with the set it gives (an assignment's pre-start screen):
 * `found` is false once the list is loaded without it (not theirs, removed, long past due).
 */
export function useMyAssignment(assignmentId: string, setId: string) {
  const mine = useMyAssignments();
  const assignment = mine.data?.assignments.find((a) => a.id === assignmentId);
  const set = assignment?.sets.find((s) => s.id === setId);
  return {
    ...mine,
    assignment: assignment && set ? { ...assignment, set } : undefined,
    found: mine.isSuccess ? Boolean(assignment && set) : undefined,
  };
}
