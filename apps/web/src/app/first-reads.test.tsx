import path from 'node:path';
import { firstReads, firstScreens, LIVE_SCREEN, type Analytics } from '@candor/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ThemeProvider } from '@/lib/theme';
import { fakeServer, makeUser } from '@/test/fake-server';
import type { FirstQueries } from './first-queries';
import { createQueryClient } from './providers';
import { routes } from './router';

const ID = '0c27cc28-7fa5-4903-950d-15bb76bd20b3';
const ATTEMPT = '5a5608f1-d44c-44bd-8a78-3bd4a7c0c3b5';
const NO_INTERVIEWS: Analytics = {
  totalUsers: 0,
  totalInterviews: 0,
  completedInterviews: 0,
  scheduledInterviews: 0,
  inProgressInterviews: 0,
  cancelledInterviews: 0,
  abandonedInterviews: 0,
  finishedInterviews: 0,
  averageScore: null,
  topCategory: null,
};

/**
 * The server preloads a screen's first reads with the page (@candor/shared's firstReads): a
 * preload is used only by a request for the very same URL, so each screen, opened cold, must ask
 * for exactly these (else the preload is wasted and the read waits for the code, as before).
 */
describe('the reads the server preloads with a page', { timeout: 30_000 }, () => {
  it.each([
    ['/', 'candidate'],
    ['/practice', 'candidate'],
    [`/reports/${ID}`, 'candidate'],
    [`/interview/${ID}`, 'candidate'],
    [`/interview/${ID}?attempt=${ATTEMPT}&typed=1`, 'candidate'],
    ['/admin/dashboard', 'admin'],
  ] as const)('%s asks for each of them as its first reads', async (path, who) => {
    const user = makeUser(who === 'admin' ? { role: 'admin' } : {});
    // Every read answered with nothing much (the admin's analytics with no interviews, which its
    // usage section waits for): what counts is what the screen asks for.
    const { requests } = fakeServer({
      ...(who === 'admin' ? { admin: user } : { candidate: user }),
      fallback: (request) =>
        request.path === '/api/admin/analytics'
          ? { body: NO_INTERVIEWS }
          : { status: 404, body: { message: 'Not found' } },
    });
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(
      <ThemeProvider>
        <QueryClientProvider client={createQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>,
    );
    const wanted = firstReads(path);
    expect(wanted.length).toBeGreaterThan(0);
    await waitFor(
      () => expect(requests.map((r) => r.url)).toEqual(expect.arrayContaining(wanted)),
      // The first lazy screen of a run is compiled cold here: allow it time.
      { timeout: 20_000 },
    );
  });

  it.each([
    ['/', 'src/app/routes/dashboard-route.tsx', {}],
    ['/practice', 'src/features/practice/routes/practice.tsx', {}],
    [`/reports/${ID}`, 'src/app/routes/report-route.tsx', { id: ID }],
    [`/interview/${ID}`, 'src/app/routes/interview-route.tsx', { id: ID }],
    ['/admin/dashboard', 'src/features/admin-dashboard/routes/admin-dashboard.tsx', {}],
  ] as const)(
    '%s waits, opened cold, for the same reads (its firstQueries), each asked once',
    async (page, file, params) => {
      const { requests } = fakeServer({
        candidate: makeUser(),
        admin: makeUser({ role: 'admin' }),
        // An answer of the right shape where a read looks inside it (a failed read is asked again).
        fallback: (request) => ({
          body:
            request.path === '/api/interview' ? { interviews: [], meta: { totalCount: 0 } } : {},
        }),
      });
      const module = (await import(
        /* @vite-ignore */ path.resolve(import.meta.dirname, '../..', file)
      )) as { firstQueries: FirstQueries };
      const client = createQueryClient();
      const url = new URL(page, 'http://localhost');
      await Promise.all(
        module.firstQueries(params, url).map((query) => client.prefetchQuery(query)),
      );
      expect(requests.map((r) => r.url).sort()).toEqual([...firstReads(page)].sort());
      // The resumed live screen waits for nothing: its reads are not the pre-start screen's.
      if (page.startsWith('/interview/')) {
        expect(module.firstQueries(params, new URL(`${page}?attempt=${ID}`, url))).toEqual([]);
      }
    },
  );

  it('preloads nothing for an address with another query, or a screen it does not list', () => {
    expect(firstReads(`/interview/${ID}?assignment=${ID}`)).toEqual([]);
    expect(firstReads(`/interview/${ID}?attempt=not-an-id`)).toEqual([]);
    expect(firstReads(`/interview/${ID}?attempt=${ID}%0d%0aSet-Cookie:x`)).toEqual([]);
    expect(firstReads('/history')).toEqual([]);
    expect(firstReads('/reports/not-an-id')).toEqual([]);
  });
});

/**
 * The server lists a page's screen code in the page (@candor/shared's firstScreens), by the
 * modules' paths under apps/web: the lazy routes each listed URL matches must load exactly those
 * modules, outermost first (else the page preloads the wrong code).
 */
describe('the screen code the server preloads with a page', { timeout: 30_000 }, () => {
  it.each([
    '/login',
    '/signup',
    '/',
    '/practice',
    `/reports/${ID}`,
    `/interview/${ID}`,
    `/interview/${ID}?attempt=${ID}`,
    '/admin/login',
    '/admin/dashboard',
  ])('%s loads the screens it lists', async (url) => {
    const lazyRoutes = (matchRoutes(routes, url) ?? [])
      .map((m) => m.route.lazy as (() => Promise<{ Component: unknown }>) | undefined)
      .filter((lazy) => lazy !== undefined);
    const listed = firstScreens(url);
    // The live screen resumed by its address: the route's code, then the live screen's own.
    const files = listed.filter((file) => file !== LIVE_SCREEN);
    expect(listed.includes(LIVE_SCREEN)).toBe(url.includes('attempt='));
    expect(files.length).toBeGreaterThan(0);
    expect(lazyRoutes).toHaveLength(files.length);
    for (const [i, file] of files.entries()) {
      const { Component } = await lazyRoutes[i]!();
      const module = (await import(
        /* @vite-ignore */ path.resolve(import.meta.dirname, '../..', file)
      )) as Record<string, unknown>;
      expect(Object.values(module), file).toContain(Component);
    }
    if (listed.includes(LIVE_SCREEN)) {
      // The module the interview screen loads when it draws the live screen (routes/interview.tsx).
      const live = (await import(
        /* @vite-ignore */ path.resolve(import.meta.dirname, '../..', LIVE_SCREEN)
      )) as Record<string, unknown>;
      expect(typeof live.LiveAttempt).toBe('function');
    }
  });

  it('lists nothing for a screen people do not open cold', () => {
    expect(firstScreens('/history')).toEqual([]);
    expect(firstScreens('/reports/not-an-id')).toEqual([]);
  });
});
