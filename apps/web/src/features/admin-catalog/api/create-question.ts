import { questionCreateSchema, type Question } from '@candor/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { catalogKeys, useCatalogueMutation } from './keys';

export { questionCreateSchema as createQuestionInputSchema };
export type CreateQuestionInput = z.input<typeof questionCreateSchema>;

/** Appended after the set's last question. */
export function createQuestion(input: CreateQuestionInput): Promise<Question> {
  return api.post<Question>('/admin/questions', questionCreateSchema.parse(input));
}

export function useCreateQuestion() {
  return useCatalogueMutation(createQuestion, (q) => [catalogKeys.questions(q.interviewSetId)]);
}
