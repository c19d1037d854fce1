import type { CreateShareLinkBody, CreatedShareLink } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/interview/:id/share-links: a new link; its token is in this answer only. */
export function createShareLink(interviewId: string, body: CreateShareLinkBody) {
  return api.post<CreatedShareLink>(`/interview/${interviewId}/share-links`, body);
}

export function useCreateShareLink(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShareLinkBody) => createShareLink(interviewId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['share-links', interviewId] }),
  });
}
