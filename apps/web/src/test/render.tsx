import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
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
