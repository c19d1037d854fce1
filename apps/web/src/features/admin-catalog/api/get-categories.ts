import type { Category } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';
import { catalogKeys } from './keys';

export const categoriesQueryOptions = getQueryOptions<Category[]>(
  catalogKeys.categories,
  '/admin/categories',
);

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
