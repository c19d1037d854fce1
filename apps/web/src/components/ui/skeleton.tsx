import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Spinner } from './states';

/** A grey placeholder block in the shape of content that is still loading. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
  );
}

/** A card-shaped placeholder: a badge row, a title, two lines of text and a button. */
export function SkeletonCard({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      className={cn('space-y-3 rounded-lg border border-border bg-card p-5 shadow-sm', className)}
    >
      <div className="flex justify-between">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-5 w-14 rounded-full" />
      </div>
      <Skeleton className="h-5 w-3/4" />
      <Skeleton className="h-3.5 w-full" />
      <Skeleton className="h-3.5 w-5/6" />
      <div className="flex gap-1.5">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-20 rounded-full" />
      </div>
      <Skeleton className="h-9 w-full" />
    </div>
  );
}

/**
 * A loading screen that keeps the screen's own words ('Loading practice sessions...') for
 * people and screen readers, with placeholders shaped like what is coming.
 */
export function SkeletonScreen({
  text,
  children,
  className,
}: {
  text: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-live="polite" className={cn('space-y-6', className)}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <span aria-hidden>
          <Spinner className="size-4" />
        </span>
        {text}
      </p>
      {children}
    </div>
  );
}

/** n skeleton cards in the card grid used by the catalogue screens (1/2/3 columns). */
export function SkeletonGrid({ count = 6, className }: { count?: number; className?: string }) {
  return (
    <div className={cn('grid gap-5 sm:grid-cols-2 xl:grid-cols-3', className)}>
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </div>
  );
}
