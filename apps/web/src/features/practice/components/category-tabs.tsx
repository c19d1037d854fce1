import { categoryTabsPerPage, type AvailableCategory } from '@candor/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
} from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

function useWindowWidth() {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

/**
 * The specification's count for the window's width (2, 4 or 6), or fewer when that many whole
 * tabs do not fit the strip (at 1280 px
 * the sidebar takes a quarter of the width, and names, icons and fonts vary): a tab is never
 * squeezed under the arrows or cut. `fewer` is called by a layout effect that measured an overflow,
 * so the smaller count replaces the larger before paint and nothing flickers.
 */
function useTabsThatFit(labels: string) {
  const width = useWindowWidth();
  const [fit, setFit] = useState<{ width: number; labels: string; count: number } | null>(null);
  // A new width or new names start from the specification's count again.
  const count =
    fit && fit.width === width && fit.labels === labels ? fit.count : categoryTabsPerPage(width);
  const fewer = useCallback(
    () => setFit({ width, labels, count: Math.max(1, count - 1) }),
    [width, labels, count],
  );
  return [count, fewer] as const;
}

/**
 * The page to show when the page size changed (a resize, or fewer tabs fit): the one holding the
 * selected tab if it was in view, else the one holding the first tab that was in view.
 */
function pageAfterResize(
  paging: { perPage: number; page: number },
  perPage: number,
  selectedIndex: number,
): number {
  if (paging.perPage === perPage) return paging.page;
  const first = paging.page * paging.perPage;
  const selectedInView = selectedIndex >= first && selectedIndex < first + paging.perPage;
  return Math.floor((selectedInView ? selectedIndex : first) / perPage);
}

interface Tab {
  name: string;
  label: string;
  icon: string;
  count: number;
}

/** 'All Categories' first, each tab with its set count, paged 2/4/6 by width (fewer if they do not fit). */
export function CategoryTabs({
  categories,
  total,
  value,
  onChange,
}: {
  categories: AvailableCategory[];
  total: number;
  value: string;
  onChange: (name: string) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const tabs: Tab[] = [
    { name: 'all', label: 'All Categories', icon: '', count: total },
    ...categories.map((c) => ({ name: c.name, label: c.name, icon: c.icon, count: c.count })),
  ];
  const [perPage, fewer] = useTabsThatFit(
    tabs.map((t) => `${t.icon}${t.label}${t.count}`).join('\n'),
  );
  const pages = Math.max(1, Math.ceil(tabs.length / perPage));
  // Start on the page holding the selected tab (a reload with ?category=… keeps it in view).
  const selectedIndex = tabs.findIndex((t) => t.name === value);
  const [paging, setPaging] = useState(() => ({
    perPage,
    page: Math.max(0, Math.floor(selectedIndex / perPage)),
  }));
  const page = pageAfterResize(paging, perPage, selectedIndex);
  const setPage = (next: number) => setPaging({ perPage, page: next });
  const current = Math.min(page, pages - 1);
  const visible = tabs.slice(current * perPage, current * perPage + perPage);
  const shown = visible.map((t) => t.name).join('\n');
  // Each page shows other tabs, which may not fit where the last did: measure after layout.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el && perPage > 1 && el.scrollWidth > el.clientWidth + 1) fewer();
  }, [shown, perPage, fewer]);

  // Arrow keys, Home and End move between the visible tabs, as in any tab list.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role=tab]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next = {
      ArrowRight: Math.min(at + 1, buttons.length - 1),
      ArrowLeft: Math.max(at - 1, 0),
      Home: 0,
      End: buttons.length - 1,
    }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <div className="flex items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        className="shrink-0"
        aria-label="Previous categories"
        disabled={current === 0}
        onClick={() => setPage(current - 1)}
      >
        <ChevronLeft />
      </Button>
      <div
        ref={listRef}
        role="tablist"
        aria-label="Categories"
        onKeyDown={onKeyDown}
        className="flex min-w-0 flex-1 gap-2"
        data-testid="category-tablist"
      >
        {visible.map((tab) => {
          const selected = value === tab.name;
          return (
            <button
              key={tab.name}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="practice-results"
              tabIndex={
                selected || (!visible.some((t) => t.name === value) && tab === visible[0]) ? 0 : -1
              }
              title={tab.label}
              onClick={() => onChange(tab.name)}
              className={cn(
                'flex min-h-10 min-w-min flex-[1_1_auto] cursor-pointer items-center justify-center gap-1.5 rounded-md border px-2.5 py-1.5 text-xs font-medium sm:text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:gap-2 sm:px-3',
                selected
                  ? 'border-primary bg-primary text-primary-foreground'
                  : 'border-border bg-card hover:bg-muted',
              )}
            >
              {tab.icon ? (
                <span aria-hidden className="hidden shrink-0 sm:inline">
                  {tab.icon}
                </span>
              ) : null}
              {/* Long names wrap between words onto a second line rather than lose their ending. */}
              <span className="line-clamp-2 text-center leading-tight">{tab.label}</span>
              <span
                data-testid="category-tab-count"
                className={cn(
                  'shrink-0 rounded-full px-1.5 text-xs tabular-nums',
                  selected
                    ? 'bg-primary-foreground/20 dark:bg-white/25'
                    : 'bg-muted text-muted-foreground',
                )}
              >
                {tab.count}
              </span>
            </button>
          );
        })}
      </div>
      <Button
        variant="outline"
        size="icon"
        className="shrink-0"
        aria-label="Next categories"
        disabled={current >= pages - 1}
        onClick={() => setPage(current + 1)}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}
