/**
 * Lighthouse (performance and accessibility) on the production build in Debian's Chromium, for
 * /login, the candidate dashboard, /practice, a report, the admin dashboard, and the interview's
 * pre-start and live screens. Run after `npm run build`:
 *   npx tsx e2e/tools/lighthouse.ts            # Lighthouse's default: a throttled mobile
 *   npx tsx e2e/tools/lighthouse.ts --desktop  # its desktop preset
 *   npx tsx e2e/tools/lighthouse.ts --why      # and where each page's main-thread time goes
 *   npx tsx e2e/tools/lighthouse.ts --runs 3   # each page 3 times, the median run shown
 *   npx tsx e2e/tools/lighthouse.ts --pages dashboard,report   # only pages whose name has one
 * Exits non-zero when an accessibility score is under 95 (performance is printed: it depends on
 * the machine).
 *
 * Signed-in pages: one Chromium is started with a remote-debugging port; Playwright attaches to it
 * over CDP and signs in through the app in its default profile, and Lighthouse audits in a new tab
 * of the same profile, so the session cookies are the real ones. Lighthouse's storage reset keeps
 * cookies and clears the HTTP cache, so every page loads cold.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { availableSets, completeFixedInterview, createAttempt } from '../support/api';
import { HEADLESS_FLAGS, chromiumPath, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';

export const ACCESSIBILITY_TARGET = 95;

/** The flags the audits run with (Chromium's defaults otherwise). */
export const LIGHTHOUSE_CHROMIUM_FLAGS = HEADLESS_FLAGS;

export interface DebuggableChromium {
  /** Playwright attached over CDP; `browser.contexts()[0]` is the profile Lighthouse uses. */
  browser: Browser;
  port: number;
  close(): Promise<void>;
}

/** Starts Chromium with a remote-debugging port (chosen by Chromium) and attaches Playwright. */
export async function launchChromium(): Promise<DebuggableChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath(),
    [
      ...LIGHTHOUSE_CHROMIUM_FLAGS,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--window-size=1366,900',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const portFile = path.join(profile, 'DevToolsActivePort');
  const start = Date.now();
  let port = 0;
  while (!port) {
    if (child.exitCode !== null) throw new Error(`chromium exited: ${stderr}`);
    if (Date.now() - start > 30_000) throw new Error(`chromium did not start: ${stderr}`);
    if (fs.existsSync(portFile)) port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
    if (!port) await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  return {
    browser,
    port,
    close: async () => {
      await browser.close().catch(() => undefined);
      process.removeListener('exit', kill);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      // Chromium's last writes can race the removal: try again for a moment.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

export interface LighthouseRow {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  /** Accessibility audits that failed, for the table's last column. */
  failing: string[];
  /** The elements each failing audit names (selector and snippet), to fix them. */
  failingElements: string[];
  metrics: { fcp: number; lcp: number; tbt: number; cls: number };
  /** Where the main-thread time goes (scripts by bootup time, long tasks), printed with --why. */
  why: string[];
  /** Every run's performance score, when the page was audited more than once. */
  performanceRuns?: number[];
}

/**
 * Of several audits of one page, the median run by performance score (its metrics with it), and
 * every run's score: one simulated run on a shared machine moves by several points.
 */
export function medianRun<T extends { performance: number }>(
  runs: T[],
): T & { performanceRuns: number[] } {
  if (runs.length === 0) throw new Error('no runs');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return {
    ...sorted[Math.floor((sorted.length - 1) / 2)]!,
    performanceRuns: runs.map((r) => r.performance),
  };
}

/** One Lighthouse run (performance + accessibility) in a new tab of the debuggable Chromium. */
export async function audit(
  port: number,
  url: string,
  formFactor: 'mobile' | 'desktop' = 'mobile',
): Promise<Omit<LighthouseRow, 'page'>> {
  // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART, NO_FCP): ask again.
  let result: Awaited<ReturnType<typeof lighthouse>>;
  for (let attempt = 1; ; attempt++) {
    result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result?.lhr.runtimeError || attempt === 3) break;
  }
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url)
    throw new Error(`lighthouse audited ${lhr.finalDisplayedUrl} instead of ${url}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => ref.id);
  const failingElements = failing.flatMap((id) => {
    const items =
      (
        lhr.audits[id]?.details as
          | { items?: { node?: { selector?: string; snippet?: string; explanation?: string } }[] }
          | undefined
      )?.items ?? [];
    return items.map(
      (i) =>
        `${id}: ${i.node?.selector ?? ''} ${i.node?.snippet ?? ''} ${i.node?.explanation ?? ''}`,
    );
  });
  type Items<T> = { details?: { items?: T[] } } | undefined;
  const items = <T>(id: string) => ((lhr.audits[id] as Items<T>)?.details?.items ?? []) as T[];
  const short = (u: string) => u.replace(/^https?:\/\/[^/]+/, '');
  const why = [
    ...items<{ url: string; total: number; scripting: number; scriptParseCompile: number }>(
      'bootup-time',
    )
      .slice(0, 5)
      .map(
        (i) =>
          `script ${short(i.url)}: ${Math.round(i.total)} ms (run ${Math.round(i.scripting)}, parse ${Math.round(i.scriptParseCompile)})`,
      ),
    ...items<{ url: string; duration: number; startTime: number }>('long-tasks')
      .slice(0, 5)
      .map(
        (i) =>
          `long task at ${Math.round(i.startTime)} ms: ${Math.round(i.duration)} ms in ${short(i.url)}`,
      ),
    // What the largest paint was, and the requests it waited for (the simulated waterfall).
    ...items<{ items?: { node?: { snippet?: string } }[]; node?: { snippet?: string } }>(
      'largest-contentful-paint-element',
    )
      .flatMap((i) => (i.items ? i.items.map((j) => j.node?.snippet) : [i.node?.snippet]))
      .filter(Boolean)
      .slice(0, 1)
      .map((snippet) => `largest paint: ${snippet}`),
    ...items<{
      url: string;
      networkRequestTime: number;
      networkEndTime: number;
      transferSize: number;
    }>('network-requests').map(
      (i) =>
        `request ${Math.round(i.networkRequestTime)}-${Math.round(i.networkEndTime)} ms ${short(i.url)} (${Math.round(i.transferSize / 1024)} KB)`,
    ),
  ];
  return {
    url,
    why,
    failingElements,
    performance: score('performance'),
    accessibility: score('accessibility'),
    failing,
    metrics: {
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
    },
  };
}

/** The pages audited, in order (names as the table prints them). */
export const PAGES = [
  '/login',
  '/ (candidate dashboard)',
  '/practice',
  '/reports/:id',
  '/interview/:id (pre-start)',
  '/interview/:id?attempt (live)',
  '/admin/dashboard',
] as const;
export type PageName = (typeof PAGES)[number];

/**
 * Prepares the sessions (a new candidate with one completed report and one started attempt, the
 * administrator) in the debuggable Chromium's profile and audits the pages, one after another:
 * all of them, or those `only` names.
 */
export async function auditPages(
  chrome: DebuggableChromium,
  baseUrl: string,
  admin: { email: string; password: string },
  formFactor: 'mobile' | 'desktop' = 'mobile',
  runs = 1,
  only: readonly PageName[] = PAGES,
): Promise<LighthouseRow[]> {
  const profile = chrome.browser.contexts()[0];
  if (!profile) throw new Error('no default browser context');
  // The flows speak in paths, so they run in a context with a base URL; its cookies are then
  // handed to the default profile, where Lighthouse opens its tab.
  const context = await chrome.browser.newContext({ baseURL: baseUrl });
  // tsx names the functions it compiles with a helper the page lacks (page.evaluate of flows).
  await context.addInitScript('globalThis.__name = (f) => f;');
  const page: Page = await context.newPage();
  const url = (p: string) => new URL(p, baseUrl).href;
  const rows: LighthouseRow[] = [];
  const run = async (name: PageName, p: string) => {
    if (!only.includes(name)) return;
    const audits = [];
    for (let i = 0; i < runs; i++) audits.push(await audit(chrome.port, url(p), formFactor));
    rows.push({ page: name, ...(runs > 1 ? medianRun(audits) : audits[0]!) });
  };
  const useSessionOf = async () => {
    await profile.clearCookies();
    await profile.addCookies(await context.cookies());
  };
  const wants = (...names: PageName[]) => names.some((n) => only.includes(n));
  try {
    await profile.clearCookies();
    await run('/login', '/login');

    if (
      wants(
        '/ (candidate dashboard)',
        '/practice',
        '/reports/:id',
        '/interview/:id (pre-start)',
        '/interview/:id?attempt (live)',
      )
    ) {
      // A candidate (signed up through the app) with one completed interview.
      await signUpThroughUi(page, newCandidate(uniqueEmail('lighthouse')));
      const sets = await availableSets(page);
      const set = sets.find((s) => s.type === 'fixed')!;
      const { id } = await completeFixedInterview(page, set, [
        'I would start with the requirements, then measure, then change one thing at a time. For example, a cache in front of the database cut our latency from 300 to 40 milliseconds.',
      ]);
      await useSessionOf();
      await run('/ (candidate dashboard)', '/');
      await run('/practice', '/practice');
      await run('/reports/:id', `/reports/${id}`);
      // Another set, so the pre-start screen offers no unfinished attempt of its own; the live
      // screen is a started attempt opened by its address (what a reload shows), answers typed
      // so no microphone is asked for.
      const other = sets.find((s) => s.type === 'fixed' && s.id !== set.id) ?? set;
      await run('/interview/:id (pre-start)', `/interview/${other.id}`);
      if (wants('/interview/:id?attempt (live)')) {
        const attempt = await createAttempt(page, set);
        await run(
          '/interview/:id?attempt (live)',
          `/interview/${set.id}?attempt=${attempt}&typed=1`,
        );
      }
    }

    if (wants('/admin/dashboard')) {
      await signInAdminThroughUi(page, admin.email, admin.password);
      await page.waitForURL('**/admin/dashboard');
      await useSessionOf();
      await run('/admin/dashboard', '/admin/dashboard');
    }
  } finally {
    await context.close();
  }
  return rows;
}

/** `--pages a,b`: the pages whose name contains one of the words (all pages without it). */
export function pagesFromArgs(argv: string[]): PageName[] {
  const i = argv.indexOf('--pages');
  if (i < 0) return [...PAGES];
  const words = (argv[i + 1] ?? '').split(',').filter(Boolean);
  const pages = PAGES.filter((p) => words.some((w) => p.includes(w)));
  if (pages.length === 0) throw new Error(`--pages matched none of: ${PAGES.join(', ')}`);
  return pages;
}

export function formatLighthouse(rows: LighthouseRow[], formFactor: string, why = false): string {
  const ms = (n: number) => `${Math.round(n)}`;
  return [
    `Lighthouse (${formFactor}, simulated throttling), scores out of 100; target ${ACCESSIBILITY_TARGET}:`,
    `| page                          | perf | a11y | FCP ms | LCP ms | TBT ms |   CLS | failing a11y audits`,
    `|-------------------------------|------|------|--------|--------|--------|-------|--------------------`,
    ...rows.map(
      (r) =>
        `| ${r.page.padEnd(29)} | ${String(r.performance).padStart(4)} | ${String(r.accessibility).padStart(4)} | ${ms(r.metrics.fcp).padStart(6)} | ${ms(r.metrics.lcp).padStart(6)} | ${ms(r.metrics.tbt).padStart(6)} | ${r.metrics.cls.toFixed(3).padStart(5)} | ${r.failing.join(', ') || '-'}`,
    ),
    ...rows
      .filter((r) => r.performanceRuns)
      .map(
        (r) => `  ${r.page} performance per run: ${r.performanceRuns!.join(', ')} (median shown)`,
      ),
    ...rows.flatMap((r) => r.failingElements.map((e) => `  ${r.page} ${e.replace(/\s+/g, ' ')}`)),
    ...(why ? rows.flatMap((r) => r.why.map((w) => `  ${r.page} ${w}`)) : []),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { startServer } = await import('../support/server');
  const formFactor = process.argv.includes('--desktop') ? 'desktop' : 'mobile';
  const admin = { email: 'admin@lighthouse.test', password: 'AdminPass1!' };
  const server = await startServer({ ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password });
  const chrome = await launchChromium();
  try {
    const runsArg = process.argv.indexOf('--runs');
    const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 1;
    if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number >= 1');
    const pages = pagesFromArgs(process.argv);
    const rows = await auditPages(chrome, server.baseUrl, admin, formFactor, runs, pages);
    console.log(formatLighthouse(rows, formFactor, process.argv.includes('--why')));
    process.exitCode = rows.every((r) => r.accessibility >= ACCESSIBILITY_TARGET) ? 0 : 1;
  } finally {
    await chrome.close();
    await server.stop();
  }
}
