import type { AvailableCategory } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/**
 * Active categories with the number of active interview sets in each. The History screen uses the
 * same key for the same call, so the two share one cache entry.
 */
export const availableCategoriesQueryOptions = getQueryOptions<AvailableCategory[]>(
  ['catalogue', 'categories', 'available'],
  '/interview/categories/available',
);

export function useAvailableCategories() {
  return useQuery(availableCategoriesQueryOptions);
}
