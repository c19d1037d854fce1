import { questionUpdateSchema, type Question } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { catalogKeys, invalidateCatalogue } from './keys';

export { questionUpdateSchema as updateQuestionInputSchema };
export type UpdateQuestionInput = z.input<typeof questionUpdateSchema>;

/** The spec's call: PUT /admin/questions with the id in the body. */
export function updateQuestion(input: UpdateQuestionInput): Promise<Question> {
  return api.put<Question>('/admin/questions', questionUpdateSchema.parse(input));
}

export function useUpdateQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateQuestion,
    onSuccess: (q) => invalidateCatalogue(client, catalogKeys.questions(q.interviewSetId)),
  });
}
