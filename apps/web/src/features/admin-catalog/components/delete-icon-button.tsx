import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** A catalogue card's delete button: an icon only, named after what it deletes, red on hover. */
export function DeleteIconButton({
  name,
  onDelete,
  className,
}: {
  name: string;
  onDelete: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onDelete}
      aria-label={`Delete ${name}`}
      title="Delete"
      className={cn(
        'text-muted-foreground hover:bg-destructive/10 hover:text-destructive',
        className,
      )}
    >
      <Trash2 aria-hidden />
    </Button>
  );
}
