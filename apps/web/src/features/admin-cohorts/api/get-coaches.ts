import type { CoachesResponse } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/coaches: the accounts with the coach role (administrators only). */
export const coachesQueryOptions = (enabled: boolean) =>
  getQueryOptions<CoachesResponse>(['admin', 'cohorts', 'coaches'], '/admin/coaches', { enabled });

export function useCoaches(enabled = true) {
  return useQuery(coachesQueryOptions(enabled));
}
