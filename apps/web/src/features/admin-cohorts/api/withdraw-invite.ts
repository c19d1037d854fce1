import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/admin/cohorts/:id/invites/:inviteId: nobody joins through the link any more. */
export const withdrawInvite = ({ id, inviteId }: { id: string; inviteId: string }) =>
  api.delete<void>(`/admin/cohorts/${id}/invites/${inviteId}`);

export function useWithdrawInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvite,
    onSuccess: (_data, { id }) =>
      client.invalidateQueries({ queryKey: ['admin', 'cohorts', 'invites', id] }),
  });
}
