import { DEFAULT_PATIENCE, type Patience, type PreferencesResponse } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { meQueryOptions, useMe } from './session';

/**
 * The candidate's patience at the end of an answer (decision 037): read from their profile
 * (GET /api/auth/me), changed with PUT /api/user/preferences. The choice shows at once and is
 * put back if the server refuses it. The pre-start screen and Settings both use it.
 */
export function usePatience() {
  const client = useQueryClient();
  const me = useMe();
  const save = useMutation({
    mutationFn: (patience: Patience) =>
      api.put<PreferencesResponse>('/user/preferences', { patience }),
    onMutate: (patience) => {
      const before = client.getQueryData(meQueryOptions.queryKey);
      client.setQueryData(meQueryOptions.queryKey, (old) => (old ? { ...old, patience } : old));
      return before;
    },
    onError: (_err, _patience, before) => {
      if (before) client.setQueryData(meQueryOptions.queryKey, before);
    },
  });
  return {
    patience: me.data?.patience ?? DEFAULT_PATIENCE,
    setPatience: (patience: Patience) => save.mutate(patience),
    failed: save.isError,
  };
}
