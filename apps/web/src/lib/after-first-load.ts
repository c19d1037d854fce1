import { useEffect, useState } from 'react';

/**
 * When code that no first screen needs (the menu drawer, the toasts) is fetched unasked: a few
 * seconds after the page opened, so on a slow phone the first screen's own code and data have
 * the network to themselves. Anything a person reaches for sooner is fetched when they do.
 */
export const AFTER_FIRST_LOAD_MS = 4000;

/** Runs `fn` once the first load has had its time; the returned function cancels it. */
export function afterFirstLoad(fn: () => void): () => void {
  const timer = window.setTimeout(fn, AFTER_FIRST_LOAD_MS);
  return () => window.clearTimeout(timer);
}

/** False until the first load has had its time, then true. */
export function useAfterFirstLoad(): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => afterFirstLoad(() => setDone(true)), []);
  return done;
}
