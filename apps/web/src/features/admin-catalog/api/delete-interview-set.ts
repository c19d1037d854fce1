import { api } from '@/lib/api-client';
import { useCatalogueMutation } from './keys';

/** Candidates' past attempts and reports of the set stay readable (the server keeps snapshots). */
export function deleteInterviewSet(id: string): Promise<void> {
  return api.delete<void>(`/admin/interview-sets/${id}`);
}

export function useDeleteInterviewSet() {
  return useCatalogueMutation(deleteInterviewSet);
}
