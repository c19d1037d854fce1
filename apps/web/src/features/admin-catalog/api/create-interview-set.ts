import { interviewSetInputSchema, type InterviewSet, type InterviewSetInput } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './keys';

export { interviewSetInputSchema as createInterviewSetInputSchema };

export function createInterviewSet(input: InterviewSetInput): Promise<InterviewSet> {
  return api.post<InterviewSet>('/admin/interview-sets', interviewSetInputSchema.parse(input));
}

export function useCreateInterviewSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInterviewSet,
    onSuccess: () => invalidateCatalogue(client),
  });
}
