import { THEMES, THEME_STORAGE_KEY, type Theme } from '@candor/shared';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

interface ThemeContextValue {
  theme: Theme;
  /** What is on screen now: the OS preference resolves 'system'. */
  resolved: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function readStored(): Theme {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(saved ?? '') ? (saved as Theme) : 'system';
  } catch {
    return 'system';
  }
}

const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setThemeState] = useState<Theme>(readStored);
  const [osDark, setOsDark] = useState(() => darkQuery().matches);

  // 'system' follows the OS live.
  useEffect(() => {
    const query = darkQuery();
    const onChange = (e: MediaQueryListEvent) => setOsDark(e.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const resolved: 'light' | 'dark' = theme === 'system' ? (osDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', resolved === 'dark');
    root.style.colorScheme = resolved;
  }, [resolved]);

  const setTheme = useCallback((next: Theme) => {
    setThemeState(next);
    try {
      localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // storage may be unavailable (private mode); the choice still applies for this visit
    }
  }, []);

  const value = useMemo(() => ({ theme, resolved, setTheme }), [theme, resolved, setTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

/**
 * A device with no choice of its own takes the one saved in the account (set on another device);
 * once chosen here, the local choice wins.
 */
export function useAccountTheme(accountTheme: Theme | undefined) {
  const { setTheme } = useTheme();
  useEffect(() => {
    if (!accountTheme) return;
    try {
      if (localStorage.getItem(THEME_STORAGE_KEY) !== null) return;
    } catch {
      return;
    }
    setTheme(accountTheme);
  }, [accountTheme, setTheme]);
}

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
