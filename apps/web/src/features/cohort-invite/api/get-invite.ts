import type { InvitePreview } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/cohort-invites/:token: the cohort a link opens, for anyone holding it. */
export const invitePreviewQueryOptions = (token: string) =>
  getQueryOptions<InvitePreview>(['cohort-invite', token], `/cohort-invites/${token}`);

export function useInvitePreview(token: string) {
  return useQuery({ ...invitePreviewQueryOptions(token), retry: false });
}
