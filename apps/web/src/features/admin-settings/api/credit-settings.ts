import { creditsLimitBodySchema, type CreditSettings, type CreditsLimitBody } from '@candor/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/settings/credits: the platform's interview limit and where it comes from. */
export const creditSettingsQueryOptions = queryOptions({
  queryKey: ['admin', 'settings', 'credits'],
  queryFn: ({ signal }) => api.get<CreditSettings>('/admin/settings/credits', undefined, signal),
});

export function useCreditSettings() {
  return useQuery(creditSettingsQueryOptions);
}

/** PUT /api/admin/settings/credits: a limit for everyone (0 unlimited), or null for the default. */
export function useSetCreditSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditsLimitBody) =>
      api.put<CreditSettings>('/admin/settings/credits', creditsLimitBodySchema.parse(body)),
    onSuccess: (settings) => {
      client.setQueryData(creditSettingsQueryOptions.queryKey, settings);
      // Each candidate's figures on the candidates page follow the platform's limit.
      void client.invalidateQueries({ queryKey: ['admin', 'candidate-credits'] });
    },
  });
}
