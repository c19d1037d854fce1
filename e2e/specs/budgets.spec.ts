import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatBudgets, measureRoutes, ROUTE_BUDGETS, withinBudget } from '../tools/bundle-budget';
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

const admin = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

describe('front-end budgets', () => {
  it('each screen opened cold downloads no more gzipped JavaScript than its budget', async () => {
    const measures = await measureRoutes(chrome.browser, inject('baseUrl'), admin());
    console.log(formatBudgets(measures, true));
    expect(measures.map((m) => m.route.name)).toEqual(ROUTE_BUDGETS.map((r) => r.name));
    for (const m of measures) {
      // Something was measured: the screen's own code, not only the shared entry.
      expect(m.files.length, m.route.name).toBeGreaterThan(3);
      expect(
        withinBudget(m),
        `${m.route.name}: ${(m.totalGzip / 1024).toFixed(1)} KB over its ${m.route.budgetKB} KB`,
      ).toBe(true);
    }
  }, 180_000);

  it(`Lighthouse accessibility is at least ${ACCESSIBILITY_TARGET} on every audited page (performance printed)`, async () => {
    const rows = await auditPages(chrome, inject('baseUrl'), admin());
    console.log(formatLighthouse(rows, 'mobile'));
    expect(rows.map((r) => r.page)).toHaveLength(7);
    for (const row of rows)
      expect(
        row.accessibility,
        `${row.page}: failing ${row.failing.join(', ')}`,
      ).toBeGreaterThanOrEqual(ACCESSIBILITY_TARGET);
  }, 420_000);
});
