import type { CandidatesResponse } from '@candor/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CandidateParams {
  page: number;
  limit: number;
  search: string;
  experienceLevel: string;
  status: string;
}

export function useCandidates(params: CandidateParams) {
  return useQuery({
    queryKey: ['admin', 'candidates', params],
    queryFn: ({ signal }) =>
      api.get<CandidatesResponse>('/admin/candidates', { ...params }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSetCandidateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      api.put<{ id: string; status: string }>(`/admin/candidates/${id}/status`, { status }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
