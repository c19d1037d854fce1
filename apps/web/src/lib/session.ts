import { ACCOUNT_DISABLED, isStaffRole, type MeResponse, type PublicUser } from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

/**
 * The profile behind a portal's session, or null when signed out. better-auth's session check
 * (`<portal>/get-session`) answers 200 with null for a visitor, so the profile endpoint (which
 * answers 401 then) is only asked once there is a session: no failed request on every signed-out
 * visit. The check is a plain request rather than better-auth's client, which only the screens
 * that sign in or out load.
 */
async function profileFor(portal: '/auth' | '/admin-auth'): Promise<PublicUser | null> {
  const session = await api
    .get<{ session?: unknown } | null>(`${portal}/get-session`)
    .catch((err: unknown) => {
      // A deactivated account: signed out (the API client reported why).
      if (err instanceof ApiError && err.code === ACCOUNT_DISABLED.code) return null;
      throw err;
    });
  if (!session?.session) return null;
  try {
    const res = await api.get<MeResponse>(`${portal}/me`);
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
  queryFn: () => profileFor('/auth'),
  staleTime: 60_000,
  retry: false,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/**
 * The admin portal's own identity (GET /api/admin-auth/me), or null: an administrator or a coach
 * (decision 046; a coach's portal shows their cohorts only).
 */
export const adminMeQueryOptions = queryOptions({
  queryKey: ['admin-auth', 'me'],
  queryFn: async () => {
    const staff = await profileFor('/admin-auth');
    return staff && isStaffRole(staff.role) ? staff : null;
  },
  staleTime: 60_000,
  retry: false,
});

export function useAdminMe() {
  return useQuery(adminMeQueryOptions);
}

/** Whether the portal's user is an administrator (everything) rather than a coach. */
export function useIsAdministrator(): boolean {
  return useAdminMe().data?.role === 'admin';
}
