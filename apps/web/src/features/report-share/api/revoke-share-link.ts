import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/interview/:id/share-links/:linkId: the link answers "not found" from now on. */
export function revokeShareLink(interviewId: string, linkId: string) {
  return api.delete<{ success: true }>(`/interview/${interviewId}/share-links/${linkId}`);
}

export function useRevokeShareLink(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeShareLink(interviewId, linkId),
    onSuccess: () => client.invalidateQueries({ queryKey: ['share-links', interviewId] }),
  });
}
