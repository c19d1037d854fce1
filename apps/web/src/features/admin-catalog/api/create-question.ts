import { questionCreateSchema, type Question } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { catalogKeys, invalidateCatalogue } from './keys';

export { questionCreateSchema as createQuestionInputSchema };
export type CreateQuestionInput = z.input<typeof questionCreateSchema>;

/** Appended after the set's last question. */
export function createQuestion(input: CreateQuestionInput): Promise<Question> {
  return api.post<Question>('/admin/questions', questionCreateSchema.parse(input));
}

export function useCreateQuestion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createQuestion,
    onSuccess: (q) => invalidateCatalogue(client, catalogKeys.questions(q.interviewSetId)),
  });
}
