import { cloneElement, isValidElement, type ComponentProps, type ReactElement } from 'react';
import { cn } from '@/lib/utils';

const field =
  'w-full rounded-md border border-input bg-card px-3 text-sm text-foreground placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(field, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(field, 'min-h-24 py-2', className)} {...props} />;
}

/** A native select: accessible and keyboard friendly everywhere, styled like the inputs. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(field, 'h-10 pr-8', className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-foreground', className)} {...props} />;
}

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="checkbox"
      className={cn('size-4 rounded border-input accent-primary', className)}
      {...props}
    />
  );
}

/** Label, control and the field's error message, wired together for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  // The control names its hint or error, so a screen reader reads it with the field.
  const note = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  let control = children;
  if (note && isValidElement(children)) {
    const element = children as ReactElement<{ 'aria-describedby'?: string }>;
    const own = element.props['aria-describedby'];
    control = cloneElement(element, { 'aria-describedby': own ? `${own} ${note}` : note });
  }
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every labelled control takes: its id, its label, and a message under it. */
type FieldProps = { id: string; label: string; error?: string; hint?: string };

/** A labelled text input: Field and Input in one, the input taking the field's id. */
export function TextField({
  id,
  label,
  error,
  hint,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & FieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input id={id} {...props} />
    </Field>
  );
}

/** One choice of a select. */
export interface SelectOption {
  value: string | number;
  label: string;
}

/** The options for a list of values named by a table of labels (the shared constants' shape). */
export function labelled<V extends string | number>(
  values: readonly V[],
  labels: Record<V, string>,
): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** A select's `<option>`s, in order. */
export function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}

/** A labelled select: Field and Select in one; its choices as `options`, then any children. */
export function SelectField({
  id,
  label,
  error,
  hint,
  options = [],
  children,
  ...props
}: Omit<ComponentProps<'select'>, 'id'> & FieldProps & { options?: readonly SelectOption[] }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Select id={id} {...props}>
        {children}
        <Options options={options} />
      </Select>
    </Field>
  );
}

/** A labelled textarea: Field and Textarea in one. */
export function TextareaField({
  id,
  label,
  error,
  hint,
  ...props
}: Omit<ComponentProps<'textarea'>, 'id'> & FieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Textarea id={id} {...props} />
    </Field>
  );
}
