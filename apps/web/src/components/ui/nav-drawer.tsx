import { Menu } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState, type ComponentProps } from 'react';
import { afterFirstLoad } from '@/lib/after-first-load';
import { Button } from './button';

const loadPanel = () => import('./nav-drawer-panel');
const NavDrawerPanel = lazy(loadPanel);

type PanelProps = ComponentProps<typeof NavDrawerPanel>;

/**
 * The menu button of small screens and the sidebar it slides in. The button is drawn with the
 * page; the drawer (a Radix dialog, about 14 KB of the first load otherwise) is fetched a few
 * seconds later, or at once when the button is pointed at, focused or pressed, and shows as soon
 * as it has arrived.
 */
export function NavDrawer({
  open,
  onOpenChange,
  ...panel
}: Omit<PanelProps, 'returnFocusTo'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so closing plays out and focus returns to the button.
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterFirstLoad(() => void loadPanel()), []);
  const prefetch = () => void loadPanel();
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'nav-drawer' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          onOpenChange(true);
        }}
      >
        <Menu />
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <NavDrawerPanel
            {...panel}
            open={open}
            onOpenChange={onOpenChange}
            returnFocusTo={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
