import type { MeResponse } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminMeQueryOptions } from '@/lib/session';

export function useUpdateAdminProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { firstName: string; lastName: string }) =>
      api.put<MeResponse>('/admin/profile', input),
    onSuccess: (res) => client.setQueryData(adminMeQueryOptions.queryKey, res.user),
  });
}

export function useChangeAdminPassword() {
  return useMutation({
    mutationFn: (input: {
      currentPassword: string;
      newPassword: string;
      confirmPassword: string;
    }) => api.put<{ success: true }>('/admin/password', input),
  });
}
