import { useSyncExternalStore } from 'react';

/**
 * Whether a toast has been raised yet: the portal's frame mounts its Toaster from then on
 * (app/app-frame.tsx). Apart from lib/toast.ts so the frame can ask without loading sonner.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster() {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** True from the first toast on. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
}
