import { TIMINGS } from '@candor/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClipboardList,
  ClipboardCheck,
  FileSpreadsheet,
  FolderTree,
  GraduationCap,
  LayoutDashboard,
  ListChecks,
  LogOut,
  Settings,
  ShieldCheck,
  Users,
} from 'lucide-react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { adminMeQueryOptions, useAdminMe, useIsAdministrator } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';
import { AppFrame } from './app-frame';

/** The portal's screens; a coach has their cohorts, their candidates, results and their account. */
const NAV = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, coach: false },
  { to: '/admin/categories', label: 'Categories', icon: FolderTree, coach: false },
  { to: '/admin/interviews', label: 'Interview Sets', icon: ListChecks, coach: false },
  { to: '/admin/cohorts', label: 'Cohorts', icon: GraduationCap, coach: true },
  { to: '/admin/assignments', label: 'Assignments', icon: ClipboardList, coach: true },
  { to: '/admin/candidates', label: 'Candidates', icon: Users, coach: true },
  { to: '/admin/rubrics', label: 'Rubrics', icon: ClipboardCheck, coach: true },
  { to: '/admin/results', label: 'Results & Audit', icon: FileSpreadsheet, coach: true },
  { to: '/admin/settings', label: 'Settings', icon: Settings, coach: true },
];

/** The screens of the portal's user: every one for an administrator, a coach's otherwise. */
function useNav() {
  const administrator = useIsAdministrator();
  return NAV.filter((item) => administrator || item.coach).map((item) =>
    !administrator && item.to === '/admin/results' ? { ...item, label: 'Results' } : item,
  );
}

/** online / offline / checking, re-evaluated every 30 s from GET /api/health. */
function BackendStatus() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: () => api.get<{ status: string }>('/health'),
    refetchInterval: TIMINGS.backendStatusPollMs,
    retry: false,
  });
  const state = health.isPending
    ? 'checking'
    : health.isSuccess && !health.isError
      ? 'online'
      : 'offline';
  const dot = { checking: 'bg-yellow-400', online: 'bg-green-500', offline: 'bg-red-500' }[state];
  return (
    <p
      // The sidebar is dark in both themes.
      className="flex items-center gap-2 text-xs text-slate-400"
      role="status"
      aria-live="polite"
    >
      <span className={cn('size-2 rounded-full', dot)} aria-hidden />
      Backend {state}
    </p>
  );
}

function AdminSidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { data: admin } = useAdminMe();
  const nav = useNav();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signOut = async () => {
    // better-auth's client (12 KB) is fetched when it is needed, not with every page.
    const { adminAuth } = await import('@/lib/auth-client');
    await adminAuth.signOut();
    queryClient.setQueryData(adminMeQueryOptions.queryKey, null);
    // Nothing the portal loaded stays in memory for whoever signs in next.
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'admin-auth' });
    navigate('/admin/login', { replace: true });
  };
  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="flex h-16 items-center gap-2 px-5 font-semibold">
        <ShieldCheck className="size-5 text-indigo-400" aria-hidden /> Admin Portal
      </div>
      <div className="px-5 pb-3">
        <BackendStatus />
      </div>
      <nav aria-label="Admin" className="flex-1 space-y-1 px-3">
        {nav.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium',
                isActive
                  ? 'bg-indigo-500/20 text-white'
                  : 'text-slate-300 hover:bg-slate-800 hover:text-white',
              )
            }
          >
            <Icon className="size-4" aria-hidden /> {label}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-slate-800 p-4">
        <p className="truncate text-sm font-medium">
          {admin?.firstName} {admin?.lastName}
        </p>
        <p className="truncate text-xs text-slate-400">{admin?.email}</p>
        <p className="mb-3 text-xs text-slate-400">
          {admin?.role === 'coach' ? 'Coach' : 'Administrator'}
        </p>
        <Button
          variant="outline"
          className="w-full border-slate-700 bg-transparent text-slate-100 hover:bg-slate-800"
          onClick={signOut}
        >
          <LogOut aria-hidden /> Sign out
        </Button>
      </div>
    </div>
  );
}

export function AdminLayout() {
  const { pathname } = useLocation();
  const nav = useNav();
  useDocumentTitle(
    pathname.startsWith('/admin/questions')
      ? 'Questions'
      : nav.find(({ to }) => pathname.startsWith(to))?.label,
  );
  return (
    <AppFrame
      wideFrom="lg"
      sidebar={(onNavigate) => <AdminSidebar onNavigate={onNavigate} />}
      name="Admin Portal"
      menuTitle="Admin menu"
      headerClassName="bg-card"
      closeClassName="text-white"
    />
  );
}
