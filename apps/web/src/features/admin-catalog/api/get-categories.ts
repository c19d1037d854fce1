import type { Category } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys } from './keys';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[]>('/admin/categories', undefined, signal);
}

export const categoriesQueryOptions = queryOptions({
  queryKey: catalogKeys.categories,
  queryFn: ({ signal }) => getCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
