import { inviteCreateSchema, type CohortInviteCreated, type InviteCreate } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/cohorts/:id/invites: the new link, shown this once. */
export const createInvite = ({ id, ...input }: InviteCreate & { id: string }) =>
  api.post<CohortInviteCreated>(`/admin/cohorts/${id}/invites`, inviteCreateSchema.parse(input));

export function useCreateInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: (_data, { id }) =>
      client.invalidateQueries({ queryKey: ['admin', 'cohorts', 'invites', id] }),
  });
}
