import { recentBadgeBand, type HistoryItem } from '@candor/shared';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatDay } from '@/lib/format-date';

export function RecentCompleted({ items }: { items: HistoryItem[] }) {
  return (
    <section aria-labelledby="recent-heading" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent Completed Interviews
        </h2>
        <Link to="/history" className="text-sm font-medium text-primary hover:underline">
          View All
        </Link>
      </div>
      {items.length === 0 ? (
        <Card className="p-6 text-center text-sm text-muted-foreground">
          No completed interviews yet
        </Card>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => {
            const score = item.report?.overallScore ?? 0;
            return (
              <li key={item.id}>
                <Link to={`/reports/${item.id}`} className="block">
                  <Card className="flex items-center justify-between gap-3 p-4 transition-colors hover:bg-muted">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{item.title}</p>
                      <p className="text-xs text-muted-foreground">
                        {item.categoryName} · {formatDay(item.completedAt)}
                      </p>
                    </div>
                    <Badge tone={recentBadgeBand(score)} data-band={recentBadgeBand(score)}>
                      {score}%
                    </Badge>
                  </Card>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
