import { PRODUCT_NAME } from '@candor/shared';
import { Mic } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * The product's mark: its microphone in a primary square, then its name (the candidate's sidebar,
 * and larger above the signed-out screens). `className` lays the pair out where it stands.
 */
export function ProductMark({ large = false, className }: { large?: boolean; className: string }) {
  return (
    <div className={className}>
      <span
        className={cn(
          'flex items-center justify-center rounded-lg bg-primary text-primary-foreground',
          large ? 'size-9' : 'size-8',
        )}
      >
        <Mic className={large ? 'size-5' : 'size-4'} aria-hidden />
      </span>
      {PRODUCT_NAME}
    </div>
  );
}
