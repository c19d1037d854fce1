import type { AvailableCategory } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Active categories with the number of active interview sets in each. */
export function getAvailableCategories(signal?: AbortSignal): Promise<AvailableCategory[]> {
  return api.get<AvailableCategory[]>('/interview/categories/available', undefined, signal);
}

// The History screen uses the same key for the same call, so the two share one cache entry.
export const availableCategoriesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'categories', 'available'],
  queryFn: ({ signal }) => getAvailableCategories(signal),
});

export function useAvailableCategories() {
  return useQuery(availableCategoriesQueryOptions);
}
