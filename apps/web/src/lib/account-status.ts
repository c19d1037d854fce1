import { useSyncExternalStore } from 'react';

/**
 * Whether the server said the signed-in candidate's account was deactivated (403
 * ACCOUNT_DISABLED from any call, or the live channel's `account_disabled`). The API client and
 * the live client report it; the query client forgets the session (app/providers.tsx), the
 * candidate guard sends the visitor to /login with the message, and the sign-in screen, once
 * shown, acknowledges it.
 */
let disabled = false;

/** The navigation state's `notice` with which the guard opens /login for a deactivated account. */
export const ACCOUNT_DISABLED_NOTICE = 'account-disabled';
/** The navigation state's `notice` with which Settings opens /login after "Delete my account". */
export const ACCOUNT_DELETED_NOTICE = 'account-deleted';
/** What the sign-in screen then says. */
export const ACCOUNT_DELETED_MESSAGE = 'Your account and all of its data have been deleted.';
const listeners = new Set<() => void>();

function notify() {
  for (const listener of [...listeners]) listener();
}

export function reportAccountDisabled() {
  if (disabled) return;
  disabled = true;
  notify();
}

export function acknowledgeAccountDisabled() {
  if (!disabled) return;
  disabled = false;
  notify();
}

/**
 * The signed-in account was just deleted from Settings ("Delete my account"): like a deactivation,
 * the candidate guard then opens /login with its own notice (not a return path), whichever
 * happens first, the navigation or the session being forgotten.
 */
let deleted = false;

export function reportAccountDeleted() {
  if (deleted) return;
  deleted = true;
  notify();
}

export function acknowledgeAccountDeleted() {
  if (!deleted) return;
  deleted = false;
  notify();
}

export function isAccountDeleted(): boolean {
  return deleted;
}

export function useAccountDeleted(): boolean {
  return useSyncExternalStore(subscribeAccountStatus, isAccountDeleted, isAccountDeleted);
}

export function isAccountDisabled(): boolean {
  return disabled;
}

/** Calls `listener` on every change; returns the unsubscribe. */
export function subscribeAccountStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAccountDisabled(): boolean {
  return useSyncExternalStore(subscribeAccountStatus, isAccountDisabled, isAccountDisabled);
}
