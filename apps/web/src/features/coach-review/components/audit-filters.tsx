import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_SUBJECT_LABELS,
  AUDIT_SUBJECT_TYPES,
  auditKindOf,
} from '@candor/shared';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FilterSelect, SearchField } from '@/components/ui/filters';
import { Input, Label, labelled } from '@/components/ui/input';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/get-audit-log';

const KINDS = [
  { value: 'view', label: 'Views of candidates’ data' },
  { value: 'change', label: 'Changes' },
];

/**
 * The audit view's filters: views or changes, one action (of that kind), what was changed, who
 * acted (part of a name or e-mail), and the days.
 */
export function AuditFiltersBar({
  value,
  onChange,
}: {
  value: AuditFilters;
  onChange: (next: AuditFilters) => void;
}) {
  const ids = { from: useId(), to: useId() };
  const set = (patch: Partial<AuditFilters>) => onChange({ ...value, ...patch });
  const actions = AUDIT_ACTIONS.filter(
    (a) => value.kind === 'all' || auditKindOf(a) === value.kind,
  );
  const changed = JSON.stringify(value) !== JSON.stringify(NO_AUDIT_FILTERS);
  return (
    <div className="grid gap-3 md:grid-cols-3 xl:grid-cols-6">
      <FilterSelect
        id="audit-kind"
        label="Kind of entry"
        value={value.kind}
        all="Views and changes"
        options={KINDS}
        onChange={(kind) => set({ kind: kind as AuditFilters['kind'], action: 'all' })}
      />
      <FilterSelect
        id="audit-action"
        label="Action"
        value={value.action}
        all="Every action"
        options={actions.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))}
        onChange={(action) => set({ action })}
      />
      <FilterSelect
        id="audit-subject"
        label="Changed"
        value={value.subjectType}
        all="Anything"
        options={labelled(AUDIT_SUBJECT_TYPES, AUDIT_SUBJECT_LABELS)}
        onChange={(subjectType) => set({ subjectType })}
      />
      <SearchField
        id="audit-actor"
        label="Who"
        placeholder="Who (name or email)..."
        value={value.actor}
        onChange={(actor) => set({ actor })}
      />
      <div>
        <Label htmlFor={ids.from} className="sr-only">
          From
        </Label>
        <Input
          id={ids.from}
          type="date"
          aria-label="From"
          value={value.from}
          onChange={(e) => set({ from: e.target.value })}
        />
      </div>
      <div className="flex gap-2">
        <Label htmlFor={ids.to} className="sr-only">
          To
        </Label>
        <Input
          id={ids.to}
          type="date"
          aria-label="To"
          value={value.to}
          onChange={(e) => set({ to: e.target.value })}
        />
        {changed ? (
          <Button variant="ghost" onClick={() => onChange(NO_AUDIT_FILTERS)}>
            Clear
          </Button>
        ) : null}
      </div>
    </div>
  );
}
