import type {
  AssignableSetsResponse,
  Assignment,
  AssignmentGrid,
  AssignmentInput,
  AssignmentUpdate,
  AssignmentsResponse,
  CohortsResponse,
} from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/assignments: every assignment for an administrator, a coach's cohorts' for a coach. */
export function useAssignments() {
  return useQuery(
    getQueryOptions<AssignmentsResponse>(['admin', 'assignments', 'list'], '/admin/assignments'),
  );
}

/** GET /api/admin/assignments/sets: the active sets to choose from. */
export function useAssignableSets(enabled: boolean) {
  return useQuery(
    getQueryOptions<AssignableSetsResponse>(
      ['admin', 'assignments', 'sets'],
      '/admin/assignments/sets',
      { enabled },
    ),
  );
}

/** GET /api/admin/assignments/:id/grid: candidates × sets. */
export function useAssignmentGrid(id: string) {
  return useQuery(
    getQueryOptions<AssignmentGrid>(
      ['admin', 'assignments', 'grid', id],
      `/admin/assignments/${id}/grid`,
    ),
  );
}

/** The grid's CSV: a plain link, so the browser downloads it. */
export const gridCsvHref = (id: string) => `/api/admin/assignments/${id}/grid.csv`;

/** POST /api/admin/assignments */
export function useCreateAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignmentInput) => api.post<Assignment>('/admin/assignments', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'assignments'] }),
  });
}

/** PUT /api/admin/assignments/:id: only the fields given change (each change audited). */
export function useUpdateAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: AssignmentUpdate }) =>
      api.put<Assignment>(`/admin/assignments/${id}`, changes),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'assignments'] }),
  });
}

/** DELETE /api/admin/assignments/:id */
export function useDeleteAssignment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/assignments/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'assignments'] }),
  });
}

/** GET /api/admin/cohorts (the cohorts module's list, asked for here: features stay apart). */
export function useCohortChoices() {
  return useQuery(
    getQueryOptions<CohortsResponse>(
      ['admin', 'cohorts', 'list'],
      '/admin/cohorts',
    ),
  );
}
