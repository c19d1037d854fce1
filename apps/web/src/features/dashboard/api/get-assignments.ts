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
