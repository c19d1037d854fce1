import type { AuthProvidersResponse } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const providersQueryOptions = queryOptions({
  queryKey: ['auth', 'providers'],
  queryFn: () => api.get<AuthProvidersResponse>('/auth/providers'),
  staleTime: Infinity,
});

export function useAuthProviders() {
  return useQuery(providersQueryOptions);
}
