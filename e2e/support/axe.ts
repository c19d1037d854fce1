import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface Finding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is (WCAG 2.x A/AA and best practices) and returns its serious
 * and critical violations, each naming the screen and the first few elements.
 */
export async function seriousViolations(page: Page, screen: string): Promise<Finding[]> {
  // Let transitions (dialogs, toasts, theme colours) settle: axe reads computed colours.
  await page.waitForTimeout(150);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      screen,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    }));
}

export function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (f) =>
        `[${f.screen}] ${f.rule} (${f.impact}): ${f.help}\n${f.targets.map((t) => `    ${t.replace(/\n/g, ' ')}`).join('\n')}`,
    )
    .join('\n');
}
