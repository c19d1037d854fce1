import { cohortInputSchema, type Cohort, type CohortInput } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/cohorts */
export const createCohort = (input: CohortInput) =>
  api.post<Cohort>('/admin/cohorts', cohortInputSchema.parse(input));

export function useCreateCohort() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCohort,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'cohorts'] }),
  });
}
