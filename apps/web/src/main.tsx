import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: the provider that can apply a navigation with ReactDOM.flushSync.
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders, queryClient } from './app/providers';
import { router } from './app/router';
import { adminMeQueryOptions, meQueryOptions } from './lib/session';
import './index.css';

// The Content-Security-Policy forbids eval: zod must neither compile its parsers with
// `new Function` nor probe whether it may (the probe alone reports a CSP violation).
zodConfig({ jitless: true });

// The portal's session check starts with the app instead of after the first screen's code has
// downloaded (its guard asks only once it renders): one round trip less before anything shows.
void queryClient.prefetchQuery(
  window.location.pathname.startsWith('/admin') ? adminMeQueryOptions : meQueryOptions,
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
