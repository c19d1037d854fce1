import { toast as sonner } from 'sonner';
import { wantToaster } from './toaster-wanted';

/**
 * The app's toasts: sonner's, and the first one mounts the portal's Toaster (app/app-frame.tsx),
 * whose code is otherwise not part of any page's first load. sonner replays a toast raised before
 * its Toaster was there. Screens import `toast` from here, not from sonner.
 */
export const toast = {
  success: (...args: Parameters<typeof sonner.success>) => {
    wantToaster();
    return sonner.success(...args);
  },
  error: (...args: Parameters<typeof sonner.error>) => {
    wantToaster();
    return sonner.error(...args);
  },
};
