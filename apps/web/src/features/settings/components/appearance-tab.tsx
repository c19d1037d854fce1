import { ThemePicker } from '@/components/theme-picker';
import { updatePreferences } from '../api/update-preferences';

/** The candidate's Appearance tab: the choice is also kept in their account. */
export function AppearanceTab() {
  return <ThemePicker savedInAccount onSaved={(theme) => void updatePreferences(theme)} />;
}
