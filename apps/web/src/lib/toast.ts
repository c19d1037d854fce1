import { useSyncExternalStore } from 'react';
import { toast as sonner } from 'sonner';

/**
 * The app's toasts: sonner's, and the first one mounts the portal's Toaster (app/app-frame.tsx),
 * whose code is otherwise not part of any page's first load. sonner replays a toast raised before
 * its Toaster was there. Screens import `toast` from here, not from sonner.
 */
let wanted = false;
const listeners = new Set<() => void>();

function want() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export const toast = {
  success: (...args: Parameters<typeof sonner.success>) => {
    want();
    return sonner.success(...args);
  },
  error: (...args: Parameters<typeof sonner.error>) => {
    want();
    return sonner.error(...args);
  },
};

/** True from the first toast on: the frame mounts its Toaster then. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}
