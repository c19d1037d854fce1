import { PRODUCT_NAME } from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  History,
  LayoutDashboard,
  LogOut,
  Settings,
  Target,
  TrendingUp,
} from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ProductMark } from '@/components/product-mark';
import { Button } from '@/components/ui/button';
import { meQueryOptions, useMe } from '@/lib/session';
import { useAccountTheme } from '@/lib/theme';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn, initials } from '@/lib/utils';
import { AppFrame } from './app-frame';

const NAV = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/practice', label: 'Practice', icon: Target, end: false },
  { to: '/progress', label: 'Progress', icon: TrendingUp, end: false },
  { to: '/history', label: 'History', icon: History, end: false },
  { to: '/stories', label: 'My stories', icon: BookOpen, end: false },
  { to: '/settings', label: 'Settings', icon: Settings, end: false },
];

/** The History entry also stands for reports, which are reached from it. */
function isCurrent({ to, end }: (typeof NAV)[number], pathname: string): boolean {
  if (end) return pathname === to;
  return (
    pathname === to ||
    pathname.startsWith(`${to}/`) ||
    (to === '/history' && pathname.startsWith('/reports'))
  );
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useMe();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signOut = async () => {
    // better-auth's client (12 KB) is fetched when it is needed, not with every page.
    const { candidateAuth } = await import('@/lib/auth-client');
    await candidateAuth.signOut();
    queryClient.setQueryData(meQueryOptions.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    navigate('/login', { replace: true });
  };

  return (
    <div className="flex h-full flex-col">
      <ProductMark className="flex h-16 items-center gap-2 px-5 font-semibold" />
      <nav aria-label="Main" className="flex-1 space-y-1 px-3 py-2">
        {NAV.map((item) => {
          const { to, label, icon: Icon } = item;
          // History stays highlighted (and announced as the current page) while reading a report.
          const active = isCurrent(item, pathname);
          return (
            <Link
              key={to}
              to={to}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                active
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          );
        })}
      </nav>
      <div className="border-t border-border p-4">
        <div className="mb-3 flex items-center gap-3">
          {user?.avatar ? (
            <img src={user.avatar} alt="" className="size-9 rounded-full object-cover" />
          ) : (
            <span
              aria-hidden
              className="flex size-9 items-center justify-center rounded-full bg-primary/15 text-sm font-semibold text-primary"
            >
              {initials(user?.firstName, user?.lastName)}
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate text-sm font-medium" data-testid="sidebar-name">
              {user?.firstName} {user?.lastName}
            </p>
            <p className="truncate text-xs text-muted-foreground">{user?.email}</p>
          </div>
        </div>
        <Button variant="outline" className="w-full" onClick={signOut}>
          <LogOut aria-hidden /> Sign out
        </Button>
      </div>
    </div>
  );
}

/** The signed-in candidate's frame: top bar on small screens, sidebar always visible at xl. */
export function CandidateLayout() {
  const { pathname } = useLocation();
  useAccountTheme(useMe().data?.theme);
  useDocumentTitle(
    pathname.startsWith('/reports')
      ? 'Report'
      : /^\/interview\/[^/]+\/check$/.test(pathname)
        ? 'Check your answers'
        : NAV.find((item) => isCurrent(item, pathname))?.label,
  );
  return (
    <AppFrame
      wideFrom="xl"
      sidebar={(onNavigate) => <Sidebar onNavigate={onNavigate} />}
      name={PRODUCT_NAME}
      menuTitle="Menu"
      asideClassName="border-r border-border bg-card"
      headerClassName="bg-card/90 backdrop-blur"
      drawerClassName="border-r border-border bg-card"
    />
  );
}
