import { categoryUpdateSchema, type Category, type CategoryUpdate } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { catalogKeys, invalidateCatalogue } from './keys';

export { categoryUpdateSchema as updateCategoryInputSchema };

/** An edit sends the changed fields; the active toggle sends isActive alone. Both answer { category }. */
export function updateCategory({
  id,
  ...input
}: CategoryUpdate & { id: string }): Promise<{ category: Category }> {
  return api.put<{ category: Category }>(
    `/admin/categories/${id}`,
    categoryUpdateSchema.parse(input),
  );
}

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: ({ category }) => {
      // The spec: the list is replaced by the server's result, at once, before the refetch.
      client.setQueryData<Category[]>(catalogKeys.categories, (list) =>
        list?.map((c) => (c.id === category.id ? { ...c, ...category } : c)),
      );
      return invalidateCatalogue(client);
    },
  });
}
