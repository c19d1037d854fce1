import type { MeResponse, ProfileInput } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions } from '@/lib/session';

/** PUT /api/user/profile; the signed-in user (sidebar name included) refreshes from the answer. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileInput) => api.put<MeResponse>('/user/profile', input),
    onSuccess: (res) => client.setQueryData(meQueryOptions.queryKey, res.user),
  });
}
