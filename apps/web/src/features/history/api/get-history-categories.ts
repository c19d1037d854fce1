import type { AvailableCategory } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/categories/available: the category filter's options. */
export const historyCategoriesQueryOptions = getQueryOptions<AvailableCategory[]>(
  ['catalogue', 'categories', 'available'],
  '/interview/categories/available',
);

export function useHistoryCategories() {
  return useQuery(historyCategoriesQueryOptions);
}
