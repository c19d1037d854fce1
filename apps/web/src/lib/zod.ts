/**
 * zod, as every module of this app (and of @candor/shared, in this build) imports it: vite.config.ts
 * points the bare `zod` of every other module here. The Content-Security-Policy forbids eval, so zod must neither compile
 * its parsers with `new Function` nor probe whether it may (the probe alone reports a CSP
 * violation), and it must know before its first schema is built. Set here, it is set by whichever
 * screen first loads zod, and pages that load no zod (the sign-in screen, the dashboards) carry no
 * part of it in their first download.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod';
