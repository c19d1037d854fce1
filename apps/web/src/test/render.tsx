import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ThemeProvider } from '@/lib/theme';

/** Renders a screen with the app's providers around it, at a given path. */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  }: { path?: string; client?: QueryClient } = {},
) {
  return render(
    <ThemeProvider>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

/**
 * Renders `routes` (a path pattern → its screen) at `path`: the screen under test reads its
 * params, and the page it navigates to (a stand-in beside it) shows.
 */
export function renderRoutes(
  path: string,
  routes: Record<string, ReactNode>,
  options: { client?: QueryClient } = {},
) {
  return renderWithProviders(
    <Routes>
      {Object.entries(routes).map(([pattern, element]) => (
        <Route key={pattern} path={pattern} element={element} />
      ))}
    </Routes>,
    { ...options, path },
  );
}
