import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from './keys';

/** Candidates' past attempts and reports of the set stay readable (the server keeps snapshots). */
export function deleteInterviewSet(id: string): Promise<void> {
  return api.delete<void>(`/admin/interview-sets/${id}`);
}

export function useDeleteInterviewSet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteInterviewSet,
    onSuccess: () => invalidateCatalogue(client),
  });
}
