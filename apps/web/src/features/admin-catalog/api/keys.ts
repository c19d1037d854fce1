import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

/** Query keys of the admin catalogue; candidate lists live under ['catalogue']. */
export const catalogKeys = {
  categories: ['admin', 'categories'] as const,
  sets: ['admin', 'interview-sets'] as const,
  questions: (interviewSetId: string) => ['admin', 'questions', interviewSetId] as const,
  allQuestions: ['admin', 'questions'] as const,
};

/**
 * A catalogue change can show anywhere the catalogue is listed: category set counts, set question
 * counts, and the candidate's Practice and Quick Practice lists in the same browser.
 */
export function invalidateCatalogue(client: QueryClient, ...extra: (readonly unknown[])[]) {
  return Promise.all(
    [catalogKeys.categories, catalogKeys.sets, ['catalogue'], ...extra].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}

/**
 * A change to the catalogue: once the server has made it, every list showing the catalogue is
 * asked for again, with the keys `alsoStale` names for the answer (a set's questions).
 */
export function useCatalogueMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  alsoStale: (result: O) => (readonly unknown[])[] = () => [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => invalidateCatalogue(client, ...alsoStale(result)),
  });
}
