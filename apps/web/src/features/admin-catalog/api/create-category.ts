import { categoryInputSchema, type Category, type CategoryInput } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './keys';

export { categoryInputSchema as createCategoryInputSchema };

export function createCategory(input: CategoryInput): Promise<Category> {
  return api.post<Category>('/admin/categories', categoryInputSchema.parse(input));
}

export function useCreateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => invalidateCatalogue(client),
  });
}
