import type { Theme } from '@candor/shared';
import { api } from '@/lib/api-client';

/** PUT /api/user/preferences: failures are only logged, the local choice stands. */
export async function updatePreferences(theme: Theme): Promise<void> {
  try {
    await api.put('/user/preferences', { theme });
  } catch (err) {
    console.warn('Could not save the theme preference', err);
  }
}
