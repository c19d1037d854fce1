import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isAccountDisabled, subscribeAccountStatus } from '@/lib/account-status';
import { ApiError, api } from '@/lib/api-client';
import { justReadFirst } from './first-queries';
import { adminMeQueryOptions, meQueryOptions } from '@/lib/session';
import { ThemeProvider } from '@/lib/theme';

/**
 * The app's query client. A 401 from any call means the session ended (expired, or signed out in
 * another tab): the session checks are asked again (only the mounted portal's actually refetches),
 * and its guard sends the visitor to sign in, remembering the page. A 403 ACCOUNT_DISABLED signs
 * the candidate out at once.
 */
export function createQueryClient(): QueryClient {
  const onError = (err: unknown) => {
    if (!(err instanceof ApiError) || err.status !== 401) return;
    for (const { queryKey } of [meQueryOptions, adminMeQueryOptions])
      void client.invalidateQueries({ queryKey });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again.
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 1,
        refetchOnWindowFocus: false,
        // A screen opened cold mounts with the reads its route just waited for (first-queries.ts).
        refetchOnMount: (query) => !justReadFirst(query),
      },
    },
  });
  // A deactivated account (lib/account-status.ts): forget everything read with the session, say
  // the candidate is signed out, and clear the cookie; the candidate guard then opens /login with
  // the reason.
  subscribeAccountStatus(() => {
    if (!isAccountDisabled()) return;
    client.clear();
    client.setQueryData(meQueryOptions.queryKey, null);
    void api.post('/auth/sign-out').catch(() => undefined);
  });
  return client;
}

/** The app's one query cache (main.tsx starts the session check in it before the first render). */
export const queryClient = createQueryClient();

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
