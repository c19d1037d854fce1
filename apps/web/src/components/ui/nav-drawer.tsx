import { Menu } from 'lucide-react';
import { Suspense, lazy, useRef, useState, type ComponentProps } from 'react';
import { Button } from './button';

const loadPanel = () => import('./nav-drawer-panel');
const NavDrawerPanel = lazy(loadPanel);

type PanelProps = ComponentProps<typeof NavDrawerPanel>;

/**
 * The menu button of small screens and the sidebar it slides in. The button is drawn with the
 * page; the drawer (a Radix dialog, about 14 KB of the first load otherwise) is fetched when the
 * button is pointed at, focused or pressed, and shows as soon as it has arrived (a tap's pointer
 * events come before its click, so the fetch starts as the finger lands).
 */
export function NavDrawer({
  open,
  onOpenChange,
  ...panel
}: Omit<PanelProps, 'returnFocusTo'> & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // Mounted from the first opening on, so closing plays out and focus returns to the button.
  const [wanted, setWanted] = useState(false);
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
        onPointerDown={prefetch}
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
