import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a component whose code is usually fetched before it is drawn (`preload`): drawn
 * then at once. A plain lazy component suspends on its first render even when its code is there,
 * and React holds a boundary's revealed content back for up to 300 ms, which a candidate waiting
 * for the interviewer's first words would wait through.
 */
export function lazyPreloaded<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = () => load().then((component) => (loaded = component));
  const Component = lazy(() => {
    const ready = loaded;
    if (ready) {
      // A thenable that answers at once: React reads it synchronously, so nothing suspends.
      return {
        then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
      } as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return preload().then((component) => ({ default: component }));
  });
  return { Component, preload };
}
