import { TIMINGS } from '@candor/shared';
import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

/**
 * The toasts of the signed-in portals, in the current theme. Rendered by their layouts (the screens
 * that toast live there), so the sign-in screens do not download it.
 */
/**
 * Sonner's light-theme words on its coloured toasts fall short of WCAG's 4.5:1 (its success green
 * is 4.25:1 on its own background: axe found it on the cohort page); the same hues, darker.
 */
const LIGHT_CONTRAST = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 36%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 38%)',
} as CSSProperties;

export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      style={resolved === 'light' ? LIGHT_CONTRAST : undefined}
      richColors
      closeButton
      position="top-right"
      toastOptions={{ duration: TIMINGS.toastMs }}
    />
  );
}
