import { Search } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Input, Label, Options, Select, type SelectOption } from './input';

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

/** A filter's select: `all` first when the list can be unfiltered, then the options. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  all,
  options,
}: {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  /** The option that filters nothing out (value `all`), e.g. 'All Categories'. */
  all?: string;
  options: readonly SelectOption[];
}) {
  return (
    <div>
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {all ? <option value="all">{all}</option> : null}
        <Options options={options} />
      </Select>
    </div>
  );
}
