import { THEMES, type Theme } from '@candor/shared';
import { Info, Monitor, Moon, Sun } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ChoiceCard } from '@/components/ui/choice-card';
import { useTheme } from '@/lib/theme';
import { cn } from '@/lib/utils';

const OPTIONS: Record<Theme, { label: string; description: string; icon: typeof Sun }> = {
  system: { label: 'System', description: 'Follow your device setting', icon: Monitor },
  light: { label: 'Light', description: 'Bright and clear', icon: Sun },
  dark: { label: 'Dark', description: 'Easy on the eyes at night', icon: Moon },
};

/**
 * Theme choice with a live preview and info box, shared by the candidate and admin settings;
 * `onSaved` lets the caller also store the choice on the server.
 */
export function ThemePicker({
  onSaved,
  savedInAccount = false,
}: {
  onSaved?: (theme: Theme) => void;
  savedInAccount?: boolean;
}) {
  const { theme, resolved, setTheme } = useTheme();

  const choose = (next: Theme) => {
    setTheme(next);
    toast.success(`Theme changed to ${next}`);
    onSaved?.(next);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Appearance</CardTitle>
        <CardDescription>Choose how the app looks to you.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <fieldset>
          <legend className="mb-3 text-sm font-medium">Theme</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {THEMES.map((value) => {
              const { label, description, icon: Icon } = OPTIONS[value];
              return (
                <ChoiceCard
                  key={value}
                  name="theme"
                  value={value}
                  checked={theme === value}
                  onChoose={() => choose(value)}
                  className="gap-3 p-4"
                >
                  <span>
                    <span className="flex items-center gap-2 font-medium">
                      <Icon className="size-4" aria-hidden /> {label}
                    </span>
                    <span className="text-xs text-muted-foreground">{description}</span>
                  </span>
                </ChoiceCard>
              );
            })}
          </div>
        </fieldset>
        <div>
          <p className="mb-2 text-sm font-medium">Preview</p>
          <div
            aria-label="Theme preview"
            className={cn(
              'rounded-lg border p-4',
              resolved === 'dark'
                ? 'border-slate-700 bg-slate-900 text-slate-100'
                : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <div className="mb-3 h-3 w-1/3 rounded bg-indigo-500" />
            <div
              className={cn(
                'mb-2 h-2 w-2/3 rounded',
                resolved === 'dark' ? 'bg-slate-700' : 'bg-slate-200',
              )}
            />
            <div
              className={cn(
                'h-2 w-1/2 rounded',
                resolved === 'dark' ? 'bg-slate-700' : 'bg-slate-200',
              )}
            />
            <p className="mt-3 text-xs">Currently showing the {resolved} theme.</p>
          </div>
        </div>
        <div className="flex gap-3 rounded-md border border-blue-600/30 bg-blue-50 p-4 text-sm text-blue-900 dark:bg-blue-950/50 dark:text-blue-200">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            System follows your operating system and changes with it. Your choice is saved on this
            device
            {savedInAccount ? ' and in your account' : ''}.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
