import { questionReorderSchema, type Question } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { catalogKeys } from './keys';
import type { SetQuestions } from './get-set-questions';

export { questionReorderSchema as reorderQuestionsInputSchema };
export type ReorderQuestionsInput = z.input<typeof questionReorderSchema>;

export function reorderQuestions(input: ReorderQuestionsInput): Promise<Question[]> {
  return api.put<Question[]>('/admin/questions/reorder', questionReorderSchema.parse(input));
}

/**
 * Up/down moves show at once (numbers included) and persist on the server; a refused move puts
 * the list back as it was.
 */
export function useReorderQuestions(interviewSetId: string) {
  const client = useQueryClient();
  const key = catalogKeys.questions(interviewSetId);
  return useMutation({
    mutationFn: (orderedIds: string[]) => reorderQuestions({ interviewSetId, orderedIds }),
    onMutate: async (orderedIds) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<SetQuestions>(key);
      if (previous) {
        const byId = new Map(previous.questions.map((q) => [q.id, q]));
        const questions = orderedIds
          .map((id) => byId.get(id))
          .filter((q): q is Question => q !== undefined)
          .map((q, i) => ({ ...q, order: i + 1 }));
        client.setQueryData<SetQuestions>(key, { ...previous, questions });
      }
      return { previous };
    },
    onError: (_err, _ids, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSuccess: (questions) => {
      client.setQueryData<SetQuestions>(key, (old) => (old ? { ...old, questions } : old));
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
