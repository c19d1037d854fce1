import type { CreditSettings } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/settings/credits: the platform's interview limit and where it comes from. */
export const getCreditSettings = (signal?: AbortSignal) =>
  api.get<CreditSettings>('/admin/settings/credits', undefined, signal);

export const creditSettingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings', 'credits'],
  queryFn: ({ signal }) => getCreditSettings(signal),
});

export function useCreditSettings() {
  return useQuery(creditSettingsQueryOptions);
}
