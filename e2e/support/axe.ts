import { expect } from 'vitest';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

// The axe-core that @axe-core/playwright ships with. It is injected once per document and run
// from there: AxeBuilder injects its ~0.5 MB again on every analyze (a second per scan here),
// and these pages have no frames for it to reach.
const fromAxePlaywright = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
);
const AXE_SOURCE = fs.readFileSync(fromAxePlaywright.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe-core on the page as it is (WCAG 2.x A/AA and best practices) and returns its serious
 * and critical violations, each naming the screen and the first few elements.
 */
export async function seriousViolations(page: Page, screen: string): Promise<Finding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  await settle(page);
  let results = await runAxe(page);
  // A toast that arrives while axe runs is read half-faded in (CI once saw a success toast's
  // title at 1.9:1 on its way to 4.6:1). A real violation is still there once everything has
  // settled again; one that is gone was a frame of an animation, not the page.
  if (results.violations.some(isSerious)) {
    await settle(page);
    results = await runAxe(page);
  }
  return results.violations.filter(isSerious).map((v) => ({
    screen,
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
  }));
}

function isSerious(v: AxeResults['violations'][number]): boolean {
  return v.impact === 'serious' || v.impact === 'critical';
}

/**
 * Lets transitions (dialogs, toasts, theme colours) finish: axe reads computed colours, and a
 * fixed wait was not enough on a busy machine (a button caught half-way to its dark colours).
 * Transitions that start a frame later (a toast mounts, then sets the attribute its transition
 * hangs on) are waited for too, up to a few rounds. Endless animations (spinners) keep running.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(50);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    for (let round = 0; round < 5; round += 1) {
      await frame();
      await frame();
      const finite = document
        .getAnimations()
        .filter(
          (a) =>
            a.playState !== 'finished' && a.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (finite.length === 0) return;
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

async function runAxe(page: Page): Promise<AxeResults> {
  return (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(c: Document, o: object): Promise<unknown> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    TAGS,
  )) as AxeResults;
}

export function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t.replace(/\n/g, ' ')}`).join('\n')}`,
    )
    .join('\n');
}

/** No serious finding on the screen as it is, in the light theme and in the dark one. */
export async function expectAccessibleInBothThemes(page: Page, screen: string) {
  const findings: Finding[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    findings.push(...(await seriousViolations(page, `${screen} (${colorScheme})`)));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(formatFindings(findings)).toBe('');
}
