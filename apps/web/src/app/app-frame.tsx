import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NavDrawer } from '@/components/ui/nav-drawer';
import { SkipLink } from '@/components/ui/skip-link';
import { useToasterWanted } from '@/lib/toaster-wanted';
import { cn } from '@/lib/utils';

// The toasts answer what a person did, never what a page shows first: the Toaster's code comes
// with the first toast (lib/toast.ts), which it then shows (sonner replays it).
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/toaster')).Toaster }));

/** From which width the sidebar stays on screen (Tailwind needs whole class names). */
const WIDE = {
  lg: { frame: 'lg:pl-64', aside: 'lg:block', header: 'lg:hidden' },
  xl: { frame: 'xl:pl-64', aside: 'xl:block', header: 'xl:hidden' },
};

/**
 * A signed-in portal's frame, the candidate app's and the administrator's: the sidebar beside the
 * page on wide screens, a top bar with a menu that slides it in on narrow ones, the skip link,
 * the page and the toasts.
 */
export function AppFrame({
  wideFrom,
  sidebar,
  name,
  menuTitle,
  asideClassName,
  headerClassName,
  drawerClassName,
  closeClassName,
}: {
  wideFrom: keyof typeof WIDE;
  /** The sidebar; `onNavigate` closes the menu when a link is followed. */
  sidebar: (onNavigate?: () => void) => ReactNode;
  /** What the top bar says. */
  name: ReactNode;
  menuTitle: string;
  asideClassName?: string;
  headerClassName?: string;
  drawerClassName?: string;
  closeClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const toasts = useToasterWanted();
  const wide = WIDE[wideFrom];
  return (
    <div className={cn('min-h-screen', wide.frame)}>
      <SkipLink />
      <aside className={cn('fixed inset-y-0 left-0 hidden w-64', wide.aside, asideClassName)}>
        {sidebar()}
      </aside>
      <header
        className={cn(
          'sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-border px-4',
          wide.header,
          headerClassName,
        )}
      >
        <NavDrawer
          open={open}
          onOpenChange={setOpen}
          title={menuTitle}
          className={drawerClassName}
          closeClassName={closeClassName}
        >
          {sidebar(() => setOpen(false))}
        </NavDrawer>
        <span className="font-semibold">{name}</span>
      </header>
      <main id="main" tabIndex={-1} className="px-4 py-6 outline-none sm:px-6 lg:px-8">
        <Outlet />
      </main>
      {toasts ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </div>
  );
}
