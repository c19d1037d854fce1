import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { config as zodConfig } from 'zod/v4/core';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import './index.css';

// The Content-Security-Policy forbids eval: zod must neither compile its parsers with
// `new Function` nor probe whether it may (the probe alone reports a CSP violation).
zodConfig({ jitless: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
