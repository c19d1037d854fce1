import { creditsLimitBodySchema, type CreditSettings, type CreditsLimitBody } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditSettingsQueryOptions } from './get-credit-settings';

/** PUT /api/admin/settings/credits: a limit for everyone (0 unlimited), or null for the default. */
export const updateCreditSettings = (body: CreditsLimitBody) =>
  api.put<CreditSettings>('/admin/settings/credits', creditsLimitBodySchema.parse(body));

export function useSetCreditSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCreditSettings,
    onSuccess: (settings) => {
      client.setQueryData(creditSettingsQueryOptions.queryKey, settings);
      // Each candidate's figures on the candidates page follow the platform's limit.
      void client.invalidateQueries({ queryKey: ['admin', 'candidate-credits'] });
    },
  });
}
