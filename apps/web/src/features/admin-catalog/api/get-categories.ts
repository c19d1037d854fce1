import type { Category } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const adminCategoriesQueryOptions = queryOptions({
  queryKey: ['admin', 'categories'],
  queryFn: ({ signal }) => api.get<Category[]>('/admin/categories', undefined, signal),
});

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions);
}
