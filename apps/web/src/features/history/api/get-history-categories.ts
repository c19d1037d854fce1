import type { AvailableCategory } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/interview/categories/available: the category filter's options. */
export const getHistoryCategories = (signal?: AbortSignal) =>
  api.get<AvailableCategory[]>('/interview/categories/available', undefined, signal);

export const historyCategoriesQueryOptions = queryOptions({
  queryKey: ['catalogue', 'categories', 'available'],
  queryFn: ({ signal }) => getHistoryCategories(signal),
});

export function useHistoryCategories() {
  return useQuery(historyCategoriesQueryOptions);
}
