import { cohortUpdateSchema, type Cohort, type CohortUpdate } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** PUT /api/admin/cohorts/:id: any of its fields; coaches replaced when given. */
export const updateCohort = ({ id, ...input }: CohortUpdate & { id: string }) =>
  api.put<Cohort>(`/admin/cohorts/${id}`, cohortUpdateSchema.parse(input));

export function useUpdateCohort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCohort,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'cohorts'] }),
  });
}
