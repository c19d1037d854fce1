import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { firstReads } from '@candor/shared';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler';
import { screenPages } from './screen-code';

/** apps/web/dist, found from here (the source tree, or the built server beside it). */
function webDistDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * What a page waits for, preloaded from the page's own response so it is asked while the app's
 * script downloads instead of after it has run: every page's portal session check
 * (web/src/lib/session.ts), then the first reads of the screens people open cold
 * (@candor/shared's firstReads). `use-credentials`, since the app's fetch sends cookies with
 * `credentials: 'include'` (a preload is used only by a request of the same mode and URL).
 */
export function pagePreloads(url: string): string {
  const portal = /^\/admin(\/|\?|$)/.test(url) ? 'admin-auth' : 'auth';
  return [`/api/${portal}/session-profile`, ...firstReads(url)]
    .map((href) => `<${href}>; rel=preload; as=fetch; crossorigin=use-credentials`)
    .join(', ');
}

/**
 * The built SPA (SERVE_WEB): its files, and index.html for every path that is not the API's.
 * `dir` is apps/web/dist unless given (tests).
 */
export async function serveWebApp(
  app: FastifyInstance,
  options: { dir?: string; sourceMaps: boolean },
) {
  const dist = options.dir ?? webDistDir();
  if (!dist) return;
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    // The build keeps source maps on disk for the profiling tools (e2e/tools/profile-page.ts);
    // served, they would publish the app's source. 404 unless SERVE_SOURCE_MAPS is set.
    ...(options.sourceMaps ? {} : { allowedPath: (p: string) => !p.endsWith('.map') }),
    // apps/web's build writes .br and .gz beside each asset: no compression per request.
    preCompressed: true,
    // Hashed file names never change content: browsers may keep them for a year.
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const pageFor = screenPages(dist);
  // The SPA owns every non-API path (a source map is a file, never a page).
  app.get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || /\.map(\?|$)/.test(request.url)) {
      return reply.status(404).send(errorBody(404, 'Not found'));
    }
    return (
      reply
        .header('link', pagePreloads(request.url))
        // Asked again on every visit: a new build must reach the next one.
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageFor(request.url))
    );
  });
}
