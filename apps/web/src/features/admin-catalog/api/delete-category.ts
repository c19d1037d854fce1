import { api } from '@/lib/api-client';
import { useCatalogueMutation } from './keys';

/** Refused with 409 (and the server's message) while the category still has interview sets. */
export function deleteCategory(id: string): Promise<void> {
  return api.delete<void>(`/admin/categories/${id}`);
}

export function useDeleteCategory() {
  return useCatalogueMutation(deleteCategory);
}
