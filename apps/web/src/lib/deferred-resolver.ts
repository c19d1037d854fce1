import { useState } from 'react';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';

/**
 * A react-hook-form resolver whose rules (zod and a schema: a sizeable download) are fetched on
 * the visitor's first focus or input in the form instead of with the screen, so a sign-in screen
 * paints sooner. Until they are asked for, the untouched form counts as invalid and shows no
 * message; from then on every validation waits for them. Spread `triggers` on the `<form>`.
 */
export function useDeferredResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  const [deferred] = useState(() => {
    let rules: Promise<Resolver<T>> | null = null;
    const request = () => {
      rules ??= load().catch((err: unknown) => {
        // Offline for a moment: the next focus asks again.
        rules = null;
        throw err;
      });
      return rules;
    };
    const pending: ResolverResult<T> = {
      values: {},
      errors: { root: { type: 'pending', message: '' } } as FieldErrors<T>,
    };
    const resolver: Resolver<T> = async (values, context, options) => {
      if (!rules) return pending;
      try {
        return (await request())(values, context, options);
      } catch {
        return pending;
      }
    };
    const warm = () => void request().catch(() => undefined);
    return { resolver, triggers: { onFocusCapture: warm, onInputCapture: warm } };
  });
  return deferred;
}
