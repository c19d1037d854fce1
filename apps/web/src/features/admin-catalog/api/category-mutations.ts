import type { Category, CategoryInput, CategoryUpdate } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

function useInvalidateCatalogue() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['admin'] }),
      client.invalidateQueries({ queryKey: ['catalogue'] }),
    ]);
}

export function useCreateCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (input: CategoryInput) => api.post<Category>('/admin/categories', input),
    onSuccess: invalidate,
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: ({ id, ...input }: CategoryUpdate & { id: string }) =>
      api.put<Category & { category: Category }>(`/admin/categories/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateCatalogue();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/admin/categories/${id}`),
    onSuccess: invalidate,
  });
}
