import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';
import { firstScreens, screens } from './screens';

/**
 * What the HTML preloads for a path (preload-screen.ts) is what the router then loads for it:
 * the screens of every lazy route the path matches, no more and no fewer.
 */
describe('the screens a page opens with', () => {
  const routerScreens = (path: string) =>
    (matchRoutes(routes, path) ?? [])
      .map((m) => (m.route.handle as { screen?: string } | undefined)?.screen)
      .filter(Boolean);

  it.each([
    '/login',
    '/signup',
    '/admin/login',
    '/admin/dashboard',
    '/',
    '/practice',
    '/history',
    '/reports/0c27cc28-7fa5-4903-950d-15bb76bd20b3',
    '/settings',
    '/interview/0c27cc28-7fa5-4903-950d-15bb76bd20b3',
  ])('%s: the router loads what the HTML asked for', (path) => {
    expect(firstScreens(path).length).toBeGreaterThan(0);
    expect(routerScreens(path)).toEqual(firstScreens(path));
  });

  it('preloads nothing for the screens it does not list, and every listed screen is routed', () => {
    expect(firstScreens('/interview/job/0c27cc28-7fa5-4903-950d-15bb76bd20b3')).toEqual([]);
    expect(firstScreens('/admin/candidates')).toEqual([]);
    const routed = new Set<string>();
    const walk = (list: typeof routes) =>
      list.forEach((r) => {
        const name = (r.handle as { screen?: string } | undefined)?.screen;
        if (name) routed.add(name);
        if (r.children) walk(r.children);
      });
    walk(routes);
    expect([...routed].sort()).toEqual(Object.keys(screens).sort());
  });
});
