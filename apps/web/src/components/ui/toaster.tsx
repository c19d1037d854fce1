import { TIMINGS } from '@candor/shared';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

/**
 * The toasts of the signed-in portals, in the current theme. Rendered by their layouts (the screens
 * that toast live there), so the sign-in screens do not download it.
 */
export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      richColors
      closeButton
      position="top-right"
      toastOptions={{ duration: TIMINGS.toastMs }}
    />
  );
}
