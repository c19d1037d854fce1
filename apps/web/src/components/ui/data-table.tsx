import type { ReactNode } from 'react';
import { Card } from './card';

/** A column heading; `hidden`: for screen readers only (a column of buttons). */
export interface Column {
  label: string;
  hidden?: boolean;
}

/**
 * A list as a table in a card that scrolls sideways on narrow screens: the headings, then the
 * rows the caller renders. One look for the admin portal's tables.
 */
export function DataTable({
  caption,
  columns,
  children,
  readOnly,
}: {
  /** For screen readers: what the table lists. */
  caption?: string;
  columns: Column[];
  children: ReactNode;
  /**
   * A table with nothing to focus in it (no link or button): its sideways scroll is then reached
   * from the keyboard by focusing the table itself.
   */
  readOnly?: boolean;
}) {
  return (
    <Card
      className="overflow-x-auto"
      {...(readOnly ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table className="w-full text-left text-sm">
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <thead className="border-b border-border text-xs uppercase text-muted-foreground">
          <tr>
            {columns.map((c) => (
              <th key={c.label} className="p-3" scope="col">
                {c.hidden ? <span className="sr-only">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </Card>
  );
}
