import type { ShareLink } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/interview/:id/share-links: the report's links still alive, with how often each was opened. */
export const shareLinksQueryOptions = (interviewId: string) =>
  getQueryOptions<ShareLink[]>(
    ['share-links', interviewId],
    `/interview/${interviewId}/share-links`,
  );

export function useShareLinks(interviewId: string) {
  return useQuery(shareLinksQueryOptions(interviewId));
}
