import type { CreditSettings } from '@candor/shared';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '@/lib/api-query';

/** GET /api/admin/settings/credits: the platform's interview limit and where it comes from. */
export const creditSettingsQueryOptions = getQueryOptions<CreditSettings>(
  ['admin', 'settings', 'credits'],
  '/admin/settings/credits',
);

export function useCreditSettings() {
  return useQuery(creditSettingsQueryOptions);
}
