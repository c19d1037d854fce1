import { categoryTabsPerPage, type AvailableCategory } from '@candor/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The specification's tabs per page for the window's width (2, 4 or 6). */
function useTabsPerPage() {
  const [perPage, setPerPage] = useState(() => categoryTabsPerPage(window.innerWidth));
  useEffect(() => {
    const onResize = () => setPerPage(categoryTabsPerPage(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return perPage;
}

/**
 * The specification's count, or fewer when that many whole tabs do not fit the strip (at 1280 px
 * the sidebar takes a quarter of the width, and names, icons and fonts vary): a tab is never
 * squeezed under the arrows or cut. Measured after layout, before paint, so nothing flickers.
 */
function useTabsThatFit(list: RefObject<HTMLElement | null>, wanted: number, labels: string) {
  const [fit, setFit] = useState<{ wanted: number; labels: string; count: number } | null>(null);
  // A new width or new names start from the specification's count again.
  const count = fit && fit.wanted === wanted && fit.labels === labels ? fit.count : wanted;
  useLayoutEffect(() => {
    const el = list.current;
    if (el && count > 1 && el.scrollWidth > el.clientWidth + 1) {
      // Measure, then shrink before paint: the layout-effect pattern React documents for sizes.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setFit({ wanted, labels, count: count - 1 });
    }
  }, [list, wanted, labels, count]);
  return count;
}

interface Tab {
  name: string;
  label: string;
  icon: string;
  count: number;
}

/** 'All Categories' first, each tab with its set count, paged 2/4/6 by width. */
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
  const perPage = useTabsThatFit(
    listRef,
    useTabsPerPage(),
    tabs.map((t) => `${t.icon}${t.label}${t.count}`).join('\n'),
  );
  const pages = Math.max(1, Math.ceil(tabs.length / perPage));
  // Start on the page holding the selected tab (a reload with ?category=… keeps it in view), and
  // keep it in view when the page size changes.
  const pageOfSelected = Math.max(0, Math.floor(tabs.findIndex((t) => t.name === value) / perPage));
  const [paging, setPaging] = useState({ perPage, page: pageOfSelected });
  const page = paging.perPage === perPage ? paging.page : pageOfSelected;
  const setPage = (next: number) => setPaging({ perPage, page: next });
  const current = Math.min(page, pages - 1);
  const visible = tabs.slice(current * perPage, current * perPage + perPage);

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
