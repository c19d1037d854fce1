import { DEFAULT_PATIENCE, type Patience, type PreferencesResponse } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { api } from './api-client';
import { meQueryOptions, useMe } from './session';

/**
 * The candidate's patience at the end of an answer (decision 037): read from their profile
 * (GET /api/auth/me), changed with PUT /api/user/preferences. The choice shows at once and is
 * put back if the server refuses it; the profile takes what the server stored. The pre-start
 * screen and Settings both use it.
 */
export function usePatience() {
  const client = useQueryClient();
  const me = useMe();
  // The choice shows at once, also before the profile has loaded (the screen's first moments).
  const [chosen, setChosen] = useState<Patience | null>(null);
  // Two choices in quick succession (Space, then an arrow key): the saves go one after the other
  // (one mutation scope), and only the last choice's answer decides what shows, so the first
  // answer does not put the first choice back on screen while the second is being saved.
  const latest = useRef<Patience | null>(null);
  const save = useMutation({
    scope: { id: 'patience' },
    mutationFn: (patience: Patience) =>
      api.put<PreferencesResponse>('/user/preferences', { patience }),
    onMutate: (patience) => {
      latest.current = patience;
      setChosen(patience);
    },
    onSuccess: (res, patience) => {
      if (patience !== latest.current) return;
      client.setQueryData(meQueryOptions.queryKey, (old) =>
        old ? { ...old, patience: res.patience } : old,
      );
      setChosen(null);
    },
    onError: (_error, patience) => {
      if (patience === latest.current) setChosen(null);
    },
  });
  return {
    patience: chosen ?? me.data?.patience ?? DEFAULT_PATIENCE,
    setPatience: (patience: Patience) => save.mutate(patience),
    failed: save.isError,
  };
}
