import {
  ACCOUNT_DISABLED,
  isStaffRole,
  type PublicUser,
  type SessionProfileResponse,
} from '@candor/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from './api-client';

/**
 * The profile behind a portal's session, or null when signed out: one request
 * (`<portal>/session-profile`, 200 with null for a visitor, so a signed-out visit logs no failed
 * request), which the page's HTML has already asked for before this code arrived (the server's
 * preload link; platform/http/web.ts on the server). A plain request rather than better-auth's
 * client, which only the screens that sign in or out load.
 */
async function profileFor(portal: '/auth' | '/admin-auth'): Promise<PublicUser | null> {
  try {
    return (await api.get<SessionProfileResponse>(`${portal}/session-profile`)).user;
  } catch (err) {
    // A deactivated account: signed out (the API client reported why).
    if (err instanceof ApiError && err.code === ACCOUNT_DISABLED.code) return null;
    throw err;
  }
}

/**
 * The signed-in candidate's profile (GET /api/auth/session-profile), or null when signed out. Every screen that
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
 * The admin portal's own identity (GET /api/admin-auth/session-profile), or null: an administrator
 * or a coach (decision 046; a coach's portal shows their cohorts only).
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
