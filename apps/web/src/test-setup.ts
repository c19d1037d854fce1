import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { closeEarlyLiveSockets } from '@/features/interview/live/early-socket';

// Screens are lazy chunks (decision 050): on a busy 2-core machine their first import through
// Vite's transform took just over the library's 1 s default, and findBy… failed a test that
// would have passed a moment later. A wait is not a speed claim (those live in bench/), so the
// waits get room; a test that really fails only takes longer to say so.
configure({ asyncUtilTimeout: 5_000 });

// Files share a process (isolate: false, docs/testing.md): nothing one test leaves in the DOM,
// storage, the clock or the globals reaches the next, whichever file it is in.
afterEach(() => {
  cleanup();
  closeEarlyLiveSockets();
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
