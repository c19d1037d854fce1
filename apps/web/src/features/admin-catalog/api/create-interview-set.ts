import { interviewSetInputSchema, type InterviewSet, type InterviewSetInput } from '@candor/shared';
import { api } from '@/lib/api-client';
import { useCatalogueMutation } from './keys';

export { interviewSetInputSchema as createInterviewSetInputSchema };

export function createInterviewSet(input: InterviewSetInput): Promise<InterviewSet> {
  return api.post<InterviewSet>('/admin/interview-sets', interviewSetInputSchema.parse(input));
}

export function useCreateInterviewSet() {
  return useCatalogueMutation(createInterviewSet);
}
