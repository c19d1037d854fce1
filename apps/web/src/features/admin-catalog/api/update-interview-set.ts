import {
  interviewSetUpdateSchema,
  type InterviewSet,
  type InterviewSetUpdate,
} from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys, invalidateCatalogue } from './keys';

export { interviewSetUpdateSchema as updateInterviewSetInputSchema };

/** Sends only what is given; questions, when sent, replace the set's questions in that order. */
export function updateInterviewSet({
  id,
  ...input
}: InterviewSetUpdate & { id: string }): Promise<InterviewSet> {
  return api.put<InterviewSet>(
    `/admin/interview-sets/${id}`,
    interviewSetUpdateSchema.parse(input),
  );
}

export function useUpdateInterviewSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateInterviewSet,
    onSuccess: (set) => invalidateCatalogue(client, catalogKeys.questions(set.id)),
  });
}
