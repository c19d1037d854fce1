import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Skeleton } from './skeleton';

/**
 * Renders `children` once its box comes near the viewport, a grey placeholder of the same size
 * until then. For heavy, below-the-fold parts (the Recharts charts): a phone that never scrolls to
 * them never downloads or draws them, and one that does gets the page's first screen sooner.
 * Without IntersectionObserver (old browsers, jsdom) the children render at once.
 */
export function WhenVisible({
  children,
  className,
  margin = '200px',
}: {
  children: ReactNode;
  /** The box's size: the placeholder and the children take the same space (no layout shift). */
  className?: string;
  /** How far outside the viewport loading starts (CSS margin syntax). */
  margin?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const el = box.current;
    if (visible || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, margin]);

  return (
    <div ref={box} className={cn('relative', className)} data-visible={visible}>
      {visible ? children : <Skeleton className="absolute inset-0" />}
    </div>
  );
}
