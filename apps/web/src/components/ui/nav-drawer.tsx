import { Dialog as D } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/** The menu button of small screens and the sidebar it slides in (keyboard and screen-reader ready). */
export function NavDrawer({
  open,
  onOpenChange,
  title,
  className,
  closeClassName,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  className?: string;
  closeClassName?: string;
  children: ReactNode;
}) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu">
          <Menu />
        </Button>
      </D.Trigger>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <D.Content className={cn('fixed inset-y-0 left-0 z-50 w-72 shadow-xl', className)}>
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
