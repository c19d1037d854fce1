import { categoryTabsPerPage, type AvailableCategory } from '@candor/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

function useTabsPerPage() {
  const [perPage, setPerPage] = useState(() => categoryTabsPerPage(window.innerWidth));
  useEffect(() => {
    const onResize = () => setPerPage(categoryTabsPerPage(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return perPage;
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
  const perPage = useTabsPerPage();
  const tabs = [
    { name: 'all', label: 'All Categories', count: total },
    ...categories.map((c) => ({
      name: c.name,
      label: `${c.icon ? `${c.icon} ` : ''}${c.name}`,
      count: c.count,
    })),
  ];
  const pages = Math.max(1, Math.ceil(tabs.length / perPage));
  const [page, setPage] = useState(0);
  const current = Math.min(page, pages - 1);
  const visible = tabs.slice(current * perPage, current * perPage + perPage);

  return (
    <div className="flex items-center gap-2">
      <Button
        variant="outline"
        size="icon"
        aria-label="Previous categories"
        disabled={current === 0}
        onClick={() => setPage(current - 1)}
      >
        <ChevronLeft />
      </Button>
      <div role="tablist" aria-label="Categories" className="flex flex-1 gap-2 overflow-hidden">
        {visible.map((tab) => (
          <button
            key={tab.name}
            type="button"
            role="tab"
            aria-selected={value === tab.name}
            onClick={() => onChange(tab.name)}
            className={cn(
              'flex min-w-0 flex-1 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors',
              value === tab.name
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-card hover:bg-muted',
            )}
          >
            <span className="truncate">{tab.label}</span>
            <span
              className={cn(
                'rounded-full px-1.5 text-xs',
                value === tab.name ? 'bg-primary-foreground/20' : 'bg-muted text-muted-foreground',
              )}
            >
              {tab.count}
            </span>
          </button>
        ))}
      </div>
      <Button
        variant="outline"
        size="icon"
        aria-label="Next categories"
        disabled={current >= pages - 1}
        onClick={() => setPage(current + 1)}
      >
        <ChevronRight />
      </Button>
    </div>
  );
}
