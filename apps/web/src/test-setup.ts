import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Files share a process (isolate: false, docs/testing.md): nothing one test leaves in the DOM,
// storage, the clock or the globals reaches the next, whichever file it is in.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// jsdom has no matchMedia; the theme provider listens to it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
