import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Input, Label, Select } from './input';

/**
 * The filter row's controls above a list: a search box with its icon, and selects. Their labels
 * are for screen readers only (the placeholder and the options say what they are on screen).
 */

export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        className="pl-9"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

export function FilterSelect({
  id,
  label,
  onChange,
  children,
  ...props
}: Omit<ComponentProps<'select'>, 'onChange' | 'id'> & {
  id: string;
  label: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Select id={id} onChange={(e) => onChange(e.target.value)} {...props}>
        {children}
      </Select>
    </div>
  );
}
