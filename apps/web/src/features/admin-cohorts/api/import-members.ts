import { memberImportSchema, type MemberImport, type MemberImportResult } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** POST /api/admin/cohorts/:id/members: a pasted list or a CSV's text; a line per entry back. */
export const importMembers = ({ id, ...input }: MemberImport & { id: string }) =>
  request<MemberImportResult>('POST', `/admin/cohorts/${id}/members`, {
    body: memberImportSchema.parse(input),
    // Two thousand people are read and added in one transaction.
    timeoutMs: 60_000,
  });

export function useImportMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: importMembers,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
