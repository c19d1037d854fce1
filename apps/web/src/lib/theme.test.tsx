import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

/** An OS colour-scheme preference the test can flip, as a browser's matchMedia reports it. */
function fakeOsPreference(dark: boolean) {
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MediaQueryListEvent) => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', () => query);
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((fn) => fn({ matches: next } as MediaQueryListEvent)));
    },
  };
}

function Probe() {
  const { theme, resolved } = useTheme();
  return <p>{`${theme}:${resolved}`}</p>;
}

const renderProbe = () =>
  render(
    <ThemeProvider>
      <Probe />
    </ThemeProvider>,
  );
const isDark = () => document.documentElement.classList.contains('dark');

describe('ThemeProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.classList.remove('dark');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts on system and follows the OS preference live', () => {
    const os = fakeOsPreference(false);
    renderProbe();
    expect(screen.getByText('system:light')).toBeTruthy();
    expect(isDark()).toBe(false);

    os.set(true);
    expect(screen.getByText('system:dark')).toBeTruthy();
    expect(isDark()).toBe(true);
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('keeps a stored explicit choice whatever the OS says', () => {
    localStorage.setItem('theme', 'light');
    const os = fakeOsPreference(true);
    renderProbe();
    expect(screen.getByText('light:light')).toBeTruthy();
    os.set(false);
    os.set(true);
    expect(isDark()).toBe(false);
  });

  it('ignores a stored value that is not a theme', () => {
    localStorage.setItem('theme', 'purple');
    fakeOsPreference(true);
    renderProbe();
    expect(screen.getByText('system:dark')).toBeTruthy();
  });
});
