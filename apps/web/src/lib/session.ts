import type { MeResponse, PublicUser } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

/**
 * The signed-in candidate's profile (GET /api/auth/me), or null when signed out. Every screen that
 * shows the user's name reads this one query; saving the profile invalidates it.
 */
export const meQueryOptions = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: async (): Promise<PublicUser | null> => {
    try {
      const res = await api.get<MeResponse>('/auth/me');
      return res.user;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
      throw err;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** The admin portal's own identity (GET /api/admin-auth/me), or null. */
export const adminMeQueryOptions = queryOptions({
  queryKey: ['admin-auth', 'me'],
  queryFn: async (): Promise<PublicUser | null> => {
    try {
      const res = await api.get<MeResponse>('/admin-auth/me');
      return res.user.role === 'admin' ? res.user : null;
    } catch (err) {
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) return null;
      throw err;
    }
  },
  staleTime: 60_000,
  retry: false,
});

export function useAdminMe() {
  return useQuery(adminMeQueryOptions);
}
