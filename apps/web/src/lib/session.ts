import type { MeResponse, PublicUser } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, api } from './api-client';
import { adminAuth, candidateAuth } from './auth-client';

type AuthClient = typeof candidateAuth | typeof adminAuth;

/**
 * The profile behind a portal's session, or null when signed out. better-auth's session check
 * answers 200 with null for a visitor, so the profile endpoint (which answers 401 then) is only
 * asked once there is a session: no failed request on every signed-out visit.
 */
async function profileFor(client: AuthClient, mePath: string): Promise<PublicUser | null> {
  const { data: session, error } = await client.getSession();
  if (error) throw new ApiError(error.status || 0, error.message || NETWORK_ERROR_MESSAGE);
  if (!session) return null;
  try {
    const res = await api.get<MeResponse>(mePath);
    return res.user;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
    throw err;
  }
}

/**
 * The signed-in candidate's profile (GET /api/auth/me), or null when signed out. Every screen that
 * shows the user's name reads this one query; saving the profile invalidates it.
 */
export const meQueryOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: () => profileFor(candidateAuth, '/auth/me'),
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The admin portal's own identity (GET /api/admin-auth/me), or null; only role admin counts. */
export const adminMeQueryOptions = queryOptions({
  queryKey: ['admin-auth', 'me'],
  queryFn: async () => {
    const admin = await profileFor(adminAuth, '/admin-auth/me');
    return admin?.role === 'admin' ? admin : null;
  },
  staleTime: 60_000,
  retry: false,
});

export function useAdminMe() {
  return useQuery(adminMeQueryOptions);
}
