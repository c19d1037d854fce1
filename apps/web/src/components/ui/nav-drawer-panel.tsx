import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/**
 * The sidebar slid in over a small screen (keyboard and screen-reader ready: focus kept inside,
 * Escape closes, focus back on the menu button). Its own chunk: nav-drawer.tsx loads it when the
 * menu is about to be opened, so a page's first load does not carry the dialog's code.
 */
export default function NavDrawerPanel({
  open,
  onOpenChange,
  title,
  className,
  closeClassName,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  className?: string;
  closeClassName?: string;
  /** The menu button (not a Radix trigger, so the dialog is told where focus goes back). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <D.Content
          id="nav-drawer"
          className={cn('fixed inset-y-0 left-0 z-50 w-72 shadow-xl', className)}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <D.Title className="sr-only">{title}</D.Title>
          <D.Description className="sr-only">Navigation</D.Description>
          <D.Close asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Close menu"
              className={cn('absolute right-2 top-3', closeClassName)}
            >
              <X />
            </Button>
          </D.Close>
          {children}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
