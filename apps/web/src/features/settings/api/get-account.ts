import type { AccountDeletionInfo } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/user/account: whether deleting the account asks for the password or the e-mail. */
export const accountQueryOptions = queryOptions({
  queryKey: ['user', 'account'],
  queryFn: () => api.get<AccountDeletionInfo>('/user/account'),
});

export function useAccount() {
  return useQuery(accountQueryOptions);
}
