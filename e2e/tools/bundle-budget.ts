/**
 * The JavaScript budget of the sign-in screen: what a browser downloads for /login before anyone
 * touches the page, gzipped, against 150 KB. Run after `npm run build`:
 *   npx tsx e2e/tools/bundle-budget.ts
 *
 * The figure that counts is measured, not inferred: /login is opened in Chromium against the
 * production server and every JavaScript response up to network idle is gzipped (level 9, so the
 * sizes do not depend on how the server compresses) and summed. Beside it, a static reading of the
 * build (index.html's entry and modulepreloads, the lazy /login route chunk, and the static
 * imports of all of them) says which chunks should load; the two lists must agree.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export const LOGIN_JS_BUDGET_BYTES = 150 * 1024;

const distDir = path.resolve(import.meta.dirname, '../../apps/web/dist');

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface LoginBudget {
  /** Every JS file Chromium fetched for /login until network idle. */
  measured: ChunkSize[];
  /** What the build says /login needs (entry, preloads, route chunk and their static imports). */
  expected: ChunkSize[];
  totalGzip: number;
  budget: number;
}

const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;

function chunkSize(file: string): ChunkSize {
  const buf = fs.readFileSync(path.join(distDir, file));
  return { file, bytes: buf.length, gzip: gz(buf) };
}

/** Static imports of a built chunk (`import … from "./x.js"`, `import "./x.js"`), as dist paths. */
function staticImports(file: string): string[] {
  const code = fs.readFileSync(path.join(distDir, file), 'utf8');
  const out = new Set<string>();
  for (const m of code.matchAll(
    /(?:^|[;}\n])\s*import\s*(?:[\w${},\s*]+from\s*)?["']([^"']+\.js)["']/g,
  ))
    out.add(path.posix.join(path.posix.dirname(file), m[1]!));
  return [...out];
}

/** The chunks the build says /login loads: entry + preloads + lazy route chunk, with imports. */
export function expectedLoginChunks(): ChunkSize[] {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const entry = roots[0];
  if (!entry) throw new Error('no module entry in dist/index.html: build first (npm run build)');
  // The route table imports the login screen lazily: find its chunk among the dynamic imports.
  const entryCode = fs.readFileSync(path.join(distDir, entry), 'utf8');
  const login = [...entryCode.matchAll(/import\(["'`]\.\/(login-[\w-]+\.js)["'`]\)/g)].map(
    (m) => `assets/${m[1]}`,
  );
  if (login.length !== 1) throw new Error(`expected one login route chunk, found ${login.length}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const dep of staticImports(file)) visit(dep);
  };
  for (const file of [...roots, ...login]) visit(file);
  return [...seen].map(chunkSize);
}

/** Opens /login in a fresh context of `browser` and weighs every JavaScript response. */
export async function measureLogin(browser: Browser, baseUrl: string): Promise<LoginBudget> {
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const js = new Map<string, Promise<ChunkSize>>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      const type = response.headers()['content-type'] ?? '';
      if (!/javascript/.test(type) && !url.pathname.endsWith('.js')) return;
      js.set(
        url.pathname,
        response.body().then((body) => ({
          file: url.pathname.slice(1),
          bytes: body.length,
          gzip: gz(body),
        })),
      );
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.waitForLoadState('networkidle');
    const measured = (await Promise.all(js.values())).sort((a, b) => b.gzip - a.gzip);
    const expected = expectedLoginChunks().sort((a, b) => b.gzip - a.gzip);
    return {
      measured,
      expected,
      totalGzip: measured.reduce((s, c) => s + c.gzip, 0),
      budget: LOGIN_JS_BUDGET_BYTES,
    };
  } finally {
    await context.close();
  }
}

const kb = (n: number) => (n / 1024).toFixed(1);

export function formatBudget(result: LoginBudget): string {
  const expected = new Set(result.expected.map((c) => c.file));
  const rows = result.measured.map(
    (c) =>
      `| ${c.file.padEnd(44)} | ${kb(c.bytes).padStart(8)} | ${kb(c.gzip).padStart(8)} |${expected.has(c.file) ? '' : ' (not in the static list)'}`,
  );
  const missing = result.expected.filter((c) => !result.measured.some((m) => m.file === c.file));
  return [
    `JavaScript loaded by /login before interaction (KB, gzip -9):`,
    `| ${'file'.padEnd(44)} | ${'raw'.padStart(8)} | ${'gzip'.padStart(8)} |`,
    `|${'-'.repeat(46)}|${'-'.repeat(10)}|${'-'.repeat(10)}|`,
    ...rows,
    `| ${`total (${result.measured.length} files)`.padEnd(44)} | ${kb(result.measured.reduce((s, c) => s + c.bytes, 0)).padStart(8)} | ${kb(result.totalGzip).padStart(8)} |`,
    `budget ${kb(result.budget)} KB: ${result.totalGzip <= result.budget ? 'within' : 'OVER'}` +
      (missing.length
        ? `; in the static list but not loaded: ${missing.map((c) => c.file).join(', ')}`
        : ''),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { launchChromium } = await import('./lighthouse');
  const { startServer } = await import('../support/server');
  const server = await startServer();
  const chrome = await launchChromium();
  try {
    const result = await measureLogin(chrome.browser, server.baseUrl);
    console.log(formatBudget(result));
    process.exitCode = result.totalGzip <= result.budget ? 0 : 1;
  } finally {
    await chrome.close();
    await server.stop();
  }
}
