import { Navigate, Outlet, useLocation } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/states';
import {
  ACCOUNT_DELETED_NOTICE,
  ACCOUNT_DISABLED_NOTICE,
  useAccountDeleted,
  useAccountDisabled,
} from '@/lib/account-status';
import { useAdminMe, useMe } from '@/lib/session';

/** Where a guard sent the visitor from, so signing in returns them there. */
function useReturnPath(fallback: string): string {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return from && !/^\/(admin\/)?login/.test(from) ? from : fallback;
}

/** The session check could not reach the server: say so, and offer to ask again. */
function ServerUnreachable({ retry }: { retry: () => unknown }) {
  return (
    <ErrorState
      title="Cannot reach the server"
      message="Check your connection and try again."
      onRetry={() => retry()}
    />
  );
}

/**
 * Renders nothing until the session check ends; signed-out visitors go to /login, and a candidate
 * whose account was deactivated goes there with the reason.
 */
export function RequireCandidate() {
  const { data: user, isPending, isError, refetch } = useMe();
  const location = useLocation();
  // Deactivated while signed in: the next answer said so; sign-in says why (no return path).
  const disabled = useAccountDisabled();
  const deleted = useAccountDeleted();
  if (disabled) return <Navigate to="/login" replace state={{ notice: ACCOUNT_DISABLED_NOTICE }} />;
  // Deleted from Settings: sign-in says so (no return path either).
  if (deleted) return <Navigate to="/login" replace state={{ notice: ACCOUNT_DELETED_NOTICE }} />;
  if (isPending) return null;
  if (isError) return <ServerUnreachable retry={refetch} />;
  if (!user)
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** Signed-in candidates skip the signed-out screens. */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useMe();
  const from = useReturnPath('/');
  if (isPending) return null;
  if (user) return <Navigate to={from} replace />;
  return <Outlet />;
}

export function RequireAdmin() {
  const { data: admin, isPending, isError, refetch } = useAdminMe();
  const location = useLocation();
  if (isPending) return <LoadingState text="Loading Admin Portal" className="min-h-screen" />;
  if (isError) return <ServerUnreachable retry={refetch} />;
  if (!admin)
    return (
      <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />
    );
  return <Outlet />;
}

export function RedirectIfAdmin() {
  const { data: admin, isPending } = useAdminMe();
  const from = useReturnPath('/admin/dashboard');
  if (isPending) return <LoadingState text="Loading Admin Portal" className="min-h-screen" />;
  if (admin)
    return <Navigate to={from.startsWith('/admin/') ? from : '/admin/dashboard'} replace />;
  return <Outlet />;
}

/**
 * The administrators' screens (the catalogue, analytics, platform settings): a coach is taken to
 * their cohorts instead (decision 046; the server refuses them those routes anyway).
 */
export function RequireAdministrator() {
  const { data: staff } = useAdminMe();
  if (staff && staff.role !== 'admin') return <Navigate to="/admin/cohorts" replace />;
  return <Outlet />;
}
