import type { CandidatesResponse } from '@candor/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

export interface CandidateParams {
  page: number;
  limit: number;
  search: string;
  experienceLevel: string;
  status: string;
  /** One cohort's candidates; '' for every candidate the viewer may see. */
  cohortId: string;
}

/** GET /api/admin/candidates?page&limit&search&experienceLevel&status&cohortId */
export const candidatesQueryOptions = (params: CandidateParams) =>
  getQueryOptions<CandidatesResponse>(['admin', 'candidates', params], '/admin/candidates', {
    query: { ...params, cohortId: params.cohortId || undefined },
    placeholderData: keepPreviousData,
  });

export function useCandidates(params: CandidateParams) {
  return useQuery(candidatesQueryOptions(params));
}
