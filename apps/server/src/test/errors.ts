import { expect } from 'vitest';

/**
 * What `promise` rejects with, asserted to be an instance of `type` (and not a fulfilment), for a
 * test that goes on to read the error's fields: its kind, its message.
 */
export async function rejectionOf<E>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(type);
  return err as E;
}
