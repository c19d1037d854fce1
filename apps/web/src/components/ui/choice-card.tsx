import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * One option of a radio group drawn as a card (the theme and the patience pickers): the whole
 * card is the label, the chosen one is outlined, and keyboard focus shows on the card.
 */
export function ChoiceCard({
  name,
  value,
  checked,
  onChoose,
  describedBy,
  className,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChoose: () => void;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start rounded-lg border transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        checked ? 'border-primary bg-accent' : 'border-border hover:bg-muted',
        className,
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className="mt-1 accent-primary"
        aria-describedby={describedBy}
      />
      {children}
    </label>
  );
}
