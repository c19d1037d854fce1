import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatBudget, LOGIN_JS_BUDGET_BYTES, measureLogin } from '../tools/bundle-budget';
import {
  ACCESSIBILITY_TARGET,
  auditPages,
  formatLighthouse,
  launchChromium,
  type DebuggableChromium,
} from '../tools/lighthouse';

// One Chromium with a remote-debugging port: Playwright and Lighthouse share it.
let chrome: DebuggableChromium;
beforeAll(async () => {
  chrome = await launchChromium();
});
afterAll(async () => {
  await chrome?.close();
});

describe('front-end budgets', () => {
  it('/login downloads at most 150 KB of gzipped JavaScript before interaction', async () => {
    const result = await measureLogin(chrome.browser, inject('baseUrl'));
    console.log(formatBudget(result));
    // What Chromium fetched is what the build says /login needs, nothing more.
    expect(result.measured.map((c) => c.file).filter((f) => f.startsWith('assets/'))).toEqual(
      expect.arrayContaining(result.expected.map((c) => c.file)),
    );
    expect(result.measured.length).toBe(result.expected.length + 1); // + /theme-init.js
    expect(result.totalGzip).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  });

  it(`Lighthouse accessibility is at least ${ACCESSIBILITY_TARGET} on five pages (performance printed)`, async () => {
    const rows = await auditPages(chrome, inject('baseUrl'), {
      email: inject('adminEmail'),
      password: inject('adminPassword'),
    });
    console.log(formatLighthouse(rows, 'mobile'));
    expect(rows.map((r) => r.page)).toHaveLength(5);
    for (const row of rows)
      expect(
        row.accessibility,
        `${row.page}: failing ${row.failing.join(', ')}`,
      ).toBeGreaterThanOrEqual(ACCESSIBILITY_TARGET);
  }, 300_000);
});
