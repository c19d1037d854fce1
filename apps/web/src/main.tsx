import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// From react-router/dom: the provider that can apply a navigation with ReactDOM.flushSync.
import { RouterProvider } from 'react-router/dom';
import { AppProviders, queryClient } from './app/providers';
import { router } from './app/router';
import { adminMeQueryOptions, meQueryOptions } from './lib/session';
import './index.css';

// The portal's session check starts with the app instead of after the first screen's code has
// downloaded (its guard asks only once it renders); the page's preload link (the server's) has
// already sent it, and this request takes that answer.
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
