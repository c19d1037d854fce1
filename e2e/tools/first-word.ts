/**
 * "Start Interview" → the interviewer's first word on screen: how long a candidate waits between
 * pressing the button on the pre-start screen and reading the interviewer's first words. Run after `npm run build`:
 *   npx tsx e2e/tools/first-word.ts              # a mid-range phone: 4× slower CPU, 150 ms, 1.6 Mbit/s
 *   npx tsx e2e/tools/first-word.ts --unthrottled
 *   npx tsx e2e/tools/first-word.ts --runs 10    # (10 is the default) p50 and p90 printed
 *   npx tsx e2e/tools/first-word.ts --read-ms 3000  # Start pressed 3 s after the screen is ready
 *                                                   # (a candidate reading it; 0 by default)
 *
 * Each run opens the pre-start screen cold (a new page, empty cache), waits until it is ready,
 * and times inside the page, from the click's own event to the first mutation that puts the
 * interviewer's words on screen (the current-question card, or the transcript where it is open;
 * a MutationObserver, so no polling delay is counted).
 * The phone is Chromium's own throttling over CDP (the CPU rate and the network conditions
 * Lighthouse's mobile preset simulates), applied before the page is opened.
 * The attempt each run starts is discarded after it, so the next pre-start screen is a fresh one.
 */
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { availableSets, discardAttempt } from '../support/api';
import { launchBrowser, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';

/** Lighthouse's mobile preset, as Chromium's own throttling. */
export const PHONE = {
  cpuRate: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

export interface FirstWordRun {
  /** Click to the first interviewer text in the transcript, ms. */
  firstWordMs: number;
  /** The pre-start screen's load, from navigation to its Start button, ms (for context). */
  preStartMs: number;
}

/** Installs the timer: the click's time, and the first mutation that shows interviewer text. */
const TIMER = `(() => {
  const t = (window.__firstWord = { click: 0, word: 0 });
  document.addEventListener('click', (e) => {
    const b = e.target instanceof Element && e.target.closest('button');
    if (b && b.textContent.trim() === 'Start Interview' && !t.click) t.click = e.timeStamp;
  }, true);
  // The current-question card is on screen on a phone and a desktop (the transcript is a drawer
  // on a phone); either showing the interviewer's words counts.
  const seen = () =>
    [
      ...document.querySelectorAll(
        '[data-testid="current-question"] p, [data-testid="transcript"] li[data-speaker="AI"]',
      ),
    ].some((el) => el.textContent.trim().length > 0);
  new MutationObserver(() => {
    if (t.click && !t.word && seen()) t.word = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

async function oneRun(
  browser: Browser,
  baseUrl: string,
  storage: BrowserContextOptions['storageState'],
  setId: string,
  phone: boolean,
  readMs: number,
): Promise<FirstWordRun> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    storageState: storage,
    viewport: { width: 412, height: 823 },
    permissions: ['microphone'],
  });
  try {
    await context.addInitScript(TIMER);
    const page = await context.newPage();
    if (phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuRate });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE.latencyMs,
        downloadThroughput: PHONE.downloadBytesPerSecond,
        uploadThroughput: PHONE.uploadBytesPerSecond,
      });
    }
    const opened = Date.now();
    await page.goto(`/interview/${setId}`);
    const start = page.getByRole('button', { name: 'Start Interview' });
    await start.waitFor({ timeout: 60_000 });
    const preStartMs = Date.now() - opened;
    if (readMs > 0) await page.waitForTimeout(readMs);
    await start.click();
    await page.waitForFunction(
      () => (window as unknown as { __firstWord: { word: number } }).__firstWord.word > 0,
      undefined,
      { timeout: 60_000, polling: 100 },
    );
    const t = await page.evaluate(
      () => (window as unknown as { __firstWord: { click: number; word: number } }).__firstWord,
    );
    const attempt = new URL(page.url()).searchParams.get('attempt');
    if (attempt) await discardAttempt(page, attempt);
    return { firstWordMs: Math.round(t.word - t.click), preStartMs };
  } finally {
    await context.close();
  }
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/** Signs up a candidate and times `runs` starts of one fixed set. */
export async function measureFirstWord(
  baseUrl: string,
  options: { runs: number; phone: boolean; readMs?: number },
): Promise<FirstWordRun[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ baseURL: baseUrl });
    const page = await context.newPage();
    await signUpThroughUi(page, newCandidate(uniqueEmail('first-word')));
    const set = (await availableSets(page)).find((s) => s.type === 'fixed')!;
    const storage = await context.storageState();
    await context.close();
    const runs: FirstWordRun[] = [];
    for (let i = 0; i < options.runs; i++)
      runs.push(
        await oneRun(browser, baseUrl, storage, set.id, options.phone, options.readMs ?? 0),
      );
    return runs;
  } finally {
    await browser.close();
  }
}

export function formatFirstWord(runs: FirstWordRun[], phone: boolean, readMs = 0): string {
  const words = runs.map((r) => r.firstWordMs);
  const pre = runs.map((r) => r.preStartMs);
  return [
    `Start Interview -> first interviewer word on screen (${phone ? 'phone: 4x CPU, 150 ms, 1.6 Mbit/s' : 'unthrottled'}; Start pressed ${readMs} ms after the screen was ready), ${runs.length} runs:`,
    `  p50 ${percentile(words, 50)} ms, p90 ${percentile(words, 90)} ms, min ${Math.min(...words)}, max ${Math.max(...words)}`,
    `  each: ${words.join(', ')}`,
    `  (pre-start screen ready after p50 ${percentile(pre, 50)} ms)`,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { startServer } = await import('../support/server');
  const phone = !process.argv.includes('--unthrottled');
  const runsArg = process.argv.indexOf('--runs');
  const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 10;
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number >= 1');
  const readArg = process.argv.indexOf('--read-ms');
  const readMs = readArg > 0 ? Number(process.argv[readArg + 1]) : 0;
  if (!Number.isInteger(readMs) || readMs < 0) throw new Error('--read-ms takes milliseconds >= 0');
  const server = await startServer();
  try {
    const measured = await measureFirstWord(server.baseUrl, { runs, phone, readMs });
    console.log(formatFirstWord(measured, phone, readMs));
  } finally {
    await server.stop();
  }
}
