import type { CandidatesResponse } from '@candor/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CandidateParams {
  page: number;
  limit: number;
  search: string;
  experienceLevel: string;
  status: string;
}

/** GET /api/admin/candidates?page&limit&search&experienceLevel&status */
export const getCandidates = (params: CandidateParams, signal?: AbortSignal) =>
  api.get<CandidatesResponse>('/admin/candidates', { ...params }, signal);

export const candidatesQueryOptions = (params: CandidateParams) =>
  queryOptions({
    queryKey: ['admin', 'candidates', params],
    queryFn: ({ signal }) => getCandidates(params, signal),
    placeholderData: keepPreviousData,
  });

export function useCandidates(params: CandidateParams) {
  return useQuery(candidatesQueryOptions(params));
}
