import { adminProfileSchema, type MeResponse } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { adminMeQueryOptions } from '@/lib/session';

export type AdminProfileInput = z.input<typeof adminProfileSchema>;

/** PUT /api/admin/profile: the administrator's own name. */
export const updateAdminProfile = (input: AdminProfileInput) =>
  api.put<MeResponse>('/admin/profile', adminProfileSchema.parse(input));

export function useUpdateAdminProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAdminProfile,
    // The portal sidebar shows the name from this query.
    onSuccess: (res) => client.setQueryData(adminMeQueryOptions.queryKey, res.user),
  });
}
