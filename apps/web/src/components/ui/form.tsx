import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEventHandler, ReactNode } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button, type ButtonProps } from './button';
import { SectionCard } from './card';
import { Banner } from './states';

/**
 * A form checked by a shared zod schema, the way every form of the app is: messages appear once a
 * field has been left (or the form submitted) and follow each keystroke after that.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver' | 'mode'> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    ...options,
  });
}

/**
 * A form's starting values: each field as the thing being edited has it, else its default (a new
 * thing starts from the defaults alone). A null the thing holds counts as no value.
 */
function startingValues<D extends object>(defaults: D, initial?: object | null): D {
  if (!initial) return defaults;
  const own = initial as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, own[key] ?? fallback]),
  ) as D;
}

/**
 * A form that creates or edits one thing: it starts from the thing's values when editing, from
 * `defaults` when creating.
 */
export function useEditForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaults: DefaultValues<z.input<S>>,
  initial?: object | null,
) {
  return useZodForm(schema, { defaultValues: startingValues(defaults, initial) });
}

/**
 * What ties an input to one field of a form: its id, its message, `aria-invalid` while it has one,
 * and its registration. Spread on a TextField (or a Field's control), so the four stay together.
 */
export function fieldProps<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>,
  name: Path<T>,
  id: string = name,
  options?: RegisterOptions<T, Path<T>>,
) {
  const error = (get(form.formState.errors, name) as FieldError | undefined)?.message;
  return { id, error, 'aria-invalid': !!error, ...form.register(name, options) };
}

/** The attributes of the inputs most forms ask for, spelled once (spread with `fieldProps`). */
export const INPUT = {
  email: { label: 'Email', type: 'email', autoComplete: 'email' },
  currentPassword: { type: 'password', autoComplete: 'current-password' },
  newPassword: { type: 'password', autoComplete: 'new-password' },
} as const;

/** A submit button that says what it is doing while the form is sent, and waits meanwhile. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={disabled || pending} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** What a form that creates or edits one thing takes: the thing when editing, and its outcome. */
export interface EditFormProps<T, V> {
  /** The thing being edited; a new one is created without it. */
  initial?: T;
  /** A save is under way. */
  busy?: boolean;
  onSubmit: (values: V) => void;
  onCancel: () => void;
}

/** A form's closing row: Cancel, then the submit button, at the right. */
export function FormActions({
  onCancel,
  busy,
  children,
}: {
  onCancel: () => void;
  busy?: boolean;
  /** The submit button's words. */
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {children}
      </Button>
    </div>
  );
}

/** The answer to the last save, shown above a form until the next one. */
export type FormNotice = { tone: 'success' | 'error'; text: string } | null;

/**
 * A settings card holding one form: its title and what it is for, the last save's notice, the
 * fields, and the save button at the bottom right.
 */
export function FormCard({
  title,
  description,
  notice,
  onSubmit,
  pending,
  pendingLabel,
  submitLabel,
  children,
}: {
  title: string;
  description: ReactNode;
  notice: FormNotice;
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <SectionCard title={title} description={description}>
      <form className="space-y-4" noValidate onSubmit={onSubmit}>
        {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
        {children}
        <div className="flex justify-end">
          <SubmitButton pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </SectionCard>
  );
}
