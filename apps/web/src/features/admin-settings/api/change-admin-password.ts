import { adminPasswordChangeSchema } from '@candor/shared';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type AdminPasswordInput = z.input<typeof adminPasswordChangeSchema>;

/** PUT /api/admin/password: the server verifies the current password and ends every session. */
export const changeAdminPassword = (input: AdminPasswordInput) =>
  api.put<{ success: true; message: string }>(
    '/admin/password',
    adminPasswordChangeSchema.parse(input),
  );

export function useChangeAdminPassword() {
  return useMutation({ mutationFn: changeAdminPassword });
}
