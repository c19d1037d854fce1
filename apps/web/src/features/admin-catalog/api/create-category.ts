import { categoryInputSchema, type Category, type CategoryInput } from '@candor/shared';
import { api } from '@/lib/api-client';
import { useCatalogueMutation } from './keys';

export { categoryInputSchema as createCategoryInputSchema };

export function createCategory(input: CategoryInput): Promise<Category> {
  return api.post<Category>('/admin/categories', categoryInputSchema.parse(input));
}

export function useCreateCategory() {
  return useCatalogueMutation(createCategory);
}
