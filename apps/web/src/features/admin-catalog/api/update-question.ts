import { questionUpdateSchema, type Question } from '@candor/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { catalogKeys, useCatalogueMutation } from './keys';

export { questionUpdateSchema as updateQuestionInputSchema };
export type UpdateQuestionInput = z.input<typeof questionUpdateSchema>;

/** The spec's call: PUT /admin/questions with the id in the body. */
export function updateQuestion(input: UpdateQuestionInput): Promise<Question> {
  return api.put<Question>('/admin/questions', questionUpdateSchema.parse(input));
}

export function useUpdateQuestion() {
  return useCatalogueMutation(updateQuestion, (q) => [catalogKeys.questions(q.interviewSetId)]);
}
