import type { Category } from '@candor/shared';
import { Download, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { DeleteIconButton } from './delete-icon-button';

/** One category: icon, name, set count, active switch, description, then edit/export/delete. */
export function CategoryCard({
  category: c,
  toggling,
  exporting,
  onToggle,
  onEdit,
  onExport,
  onDelete,
}: {
  category: Category;
  toggling: boolean;
  exporting: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const sets = c._count.interviewSets;
  return (
    <Card className="flex flex-col p-5" data-testid="category-card">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span
            className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-xl text-accent-foreground"
            aria-hidden
          >
            {c.icon || c.name[0]}
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold leading-snug">{c.name}</h3>
            <p className="text-xs text-muted-foreground">
              {sets} interview set{sets === 1 ? '' : 's'}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Switch
            checked={c.isActive}
            onChange={onToggle}
            label={`Active: ${c.name}`}
            disabled={toggling}
          />
          <span
            aria-hidden
            className={
              c.isActive
                ? 'text-xs font-medium text-green-700 dark:text-green-400'
                : 'text-xs text-muted-foreground'
            }
          >
            {c.isActive ? 'Active' : 'Inactive'}
          </span>
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm text-muted-foreground">
        {c.description || 'No description.'}
      </p>
      <div className="mt-4 flex items-center gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${c.name}`}>
          <Pencil aria-hidden /> Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onExport}
          disabled={exporting}
          aria-label={`Export ${c.name}`}
          title="Download this category, its sets and questions as JSON"
        >
          <Download aria-hidden /> Export
        </Button>
        <DeleteIconButton name={c.name} onDelete={onDelete} className="ml-auto" />
      </div>
    </Card>
  );
}
