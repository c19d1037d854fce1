import {
  interviewSetUpdateSchema,
  type InterviewSet,
  type InterviewSetUpdate,
} from '@candor/shared';
import { api } from '@/lib/api-client';
import { catalogKeys, useCatalogueMutation } from './keys';

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
  return useCatalogueMutation(updateInterviewSet, (set) => [catalogKeys.questions(set.id)]);
}
