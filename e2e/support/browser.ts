import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/**
 * Chromium headless on this closed network: no sandbox (root), no GPU, and none of the background
 * connections it would otherwise try (and be refused) at every start. The Lighthouse audits use
 * these alone.
 */
export const HEADLESS_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CHROMIUM_FLAGS = [
  ...HEADLESS_FLAGS,
  '--disable-quic',
  // A microphone for getUserMedia without a person or a sound card.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Chromium for the specs; `extraArgs` adds flags (a file as the fake microphone's sound). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, ...extraArgs],
    headless: true,
  });
}

/**
 * One Chromium for a spec file: launched before its tests, closed after them. Returns a getter,
 * since the browser exists only once `beforeAll` has run.
 */
export function useBrowser(extraArgs: string[] = []): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(extraArgs);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export interface ContextOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  permissions?: string[];
  /** Cookies and storage of an earlier context (BrowserContext.storageState()). */
  storageState?: BrowserContextOptions['storageState'];
}

export async function newContext(
  browser: Browser,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: inject('baseUrl'),
    viewport: options.viewport ?? { width: 1366, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    permissions: options.permissions,
    storageState: options.storageState,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** A page whose console errors and failed requests are collected for assertions and debugging. */
export async function newPage(context: BrowserContext): Promise<Page & { errors: string[] }> {
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err.message));
  return page;
}

export function uniqueEmail(prefix = 'candidate'): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
}
