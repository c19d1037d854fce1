/**
 * Screenshots for the README and reviews (docs/screenshots), and the client-side latency from a
 * sent answer to the interviewer starting to speak. Run after `npm run build`:
 *   npx tsx e2e/tools/screenshots.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';
import { startServer } from '../support/server';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';

const out = path.resolve(import.meta.dirname, '../../docs/screenshots');
fs.mkdirSync(out, { recursive: true });

const TIMING = `
(() => {
  window.__timing = { sent: [], spoke: [] };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    try { if (JSON.parse(data).type === 'answer') window.__timing.sent.push(performance.now()); } catch {}
    return send.call(this, data);
  };
  const speak = window.speechSynthesis.speak.bind(window.speechSynthesis);
  window.speechSynthesis.speak = (u) => { window.__timing.spoke.push(performance.now()); return speak(u); };
})();
`;

const server = await startServer({
  ADMIN_EMAIL: 'admin@shots.test',
  ADMIN_PASSWORD: 'AdminPass1!',
});
const browser = await launchBrowser();
const shot = async (page: Page, name: string) => {
  await page.waitForTimeout(600);
  await page.screenshot({ path: path.join(out, `${name}.png`) });
  console.log('wrote', name);
};

try {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 860 },
    permissions: ['microphone'],
  });
  await context.addInitScript(SPEECH_STAND_IN);
  await context.addInitScript(TIMING);
  const page = await context.newPage();
  await signUpThroughUi(page, newCandidate(uniqueEmail('shots')));
  const sets = (await (await page.request.get('/api/interview/sets/available')).json()) as {
    id: string;
    type: string;
    title: string;
  }[];
  const set =
    sets.find((s) => s.title === 'JavaScript Fundamentals') ??
    sets.find((s) => s.type === 'fixed')!;

  await page.goto(`/interview/${set.id}`);
  await page.getByRole('button', { name: 'Start Interview' }).waitFor();
  await shot(page, 'pre-start-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByRole('button', { name: 'Start Interview' }).waitFor();
  await shot(page, 'pre-start-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();

  await page.getByRole('button', { name: 'Start Interview' }).click();
  const answers = [
    'A closure is a function that keeps access to the variables of the scope where it was created, even after that outer function returned. For example a counter factory returns a function that increments a private count.',
    'Var is function scoped and hoisted, let and const are block scoped and live in the temporal dead zone until declared. Const stops reassignment, but an object held in a const can still change.',
    'The event loop takes tasks from queues when the call stack is empty. Promise callbacks are microtasks and run before the next setTimeout, which is a macrotask.',
  ];
  for (const [i, a] of answers.entries()) {
    await page.waitForFunction(
      () => (window as unknown as { __micOn(): boolean }).__micOn(),
      undefined,
      { timeout: 20_000 },
    );
    await page.evaluate((t) => (window as unknown as { __say(t: string): boolean }).__say(t), a);
    if (i === 1) {
      await page.getByTestId('partial-transcript').waitFor();
      await shot(page, 'live-listening');
    }
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= n,
      i + 2,
      { timeout: 20_000 },
    );
  }
  await shot(page, 'live');
  const timing = await page.evaluate(
    () => (window as unknown as { __timing: { sent: number[]; spoke: number[] } }).__timing,
  );
  const latencies = timing.sent
    .map((t) => (timing.spoke.find((s) => s > t) ?? NaN) - t)
    .filter((n) => Number.isFinite(n));
  console.log(
    'answer sent → interviewer speech start (ms):',
    latencies.map((n) => n.toFixed(0)).join(', '),
  );

  await page.getByRole('button', { name: 'End Interview' }).click();
  await page.getByRole('button', { name: 'End Interview' }).last().click();
  await page.waitForURL(/\/reports\//, { timeout: 60_000 });
  await page.getByText('Question-by-Question Analysis').waitFor();
  await shot(page, 'report-light');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByText('Question-by-Question Analysis').waitFor();
  await shot(page, 'report-dark');
  await page.goto('/');
  await page.getByText('Quick Practice Interview').waitFor();
  await shot(page, 'dashboard-dark');
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await page.getByText('Quick Practice Interview').waitFor();
  await shot(page, 'dashboard-light');
  await page.goto('/practice');
  await page.getByRole('heading', { name: /^Showing/ }).waitFor();
  await shot(page, 'practice-light');

  const admin = await (
    await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1366, height: 860 } })
  ).newPage();
  await signInAdminThroughUi(admin, 'admin@shots.test', 'AdminPass1!');
  await admin.waitForURL('**/admin/dashboard');
  await admin.getByTestId('analytics-Total Interviews').waitFor();
  await shot(admin, 'admin-dashboard');
  await admin.goto('/admin/interviews');
  await admin.getByTestId('set-card').first().waitFor();
  await shot(admin, 'admin-interview-sets');
} finally {
  await browser.close();
  await server.stop();
}
