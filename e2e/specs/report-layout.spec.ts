import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { availableSets, completeFixedInterview } from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { chromiumPath, newContext, newPage, uniqueEmail } from '../support/browser';
import { CANDIDATE_PASSWORD } from '../support/flows';

/*
 * The report's order, the donut's values, the cards' Start buttons, the Practice tab arrows and
 * the Quick Practice order, measured in Chromium. Scrollbars take their classic width here (as on
 * a desktop without overlay scrollbars): at 1280 px that is 15 px less for the page, which is how
 * the category tabs came to slide under the Next arrow.
 */

const LEVELS = ['junior', 'mid', 'senior', 'staff'] as const;
type Level = (typeof LEVELS)[number];

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
});
afterAll(async () => {
  await browser?.close();
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A new candidate at the given level, signed up through the API in a fresh context. */
async function candidatePage(
  level: Level,
  viewport = { width: 1280, height: 900 },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page & { errors: string[] }> {
  const context = await newContext(browser, { viewport, colorScheme });
  contexts.push(context);
  const page = await newPage(context);
  const origin = inject('baseUrl');
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: {
      email: uniqueEmail(`layout-${level}`),
      password: CANDIDATE_PASSWORD,
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      experienceLevel: level,
    },
    headers: { origin },
  });
  if (!res.ok()) throw new Error(`sign-up: ${res.status()} ${await res.text()}`);
  return page;
}

type Box = { x: number; y: number; width: number; height: number };
async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The bottom edges of each button, grouped into rows by the top of the card that holds it. */
async function bottomsByRow(cards: Locator, button: (card: Locator) => Locator) {
  const rows = new Map<number, number[]>();
  for (const card of await cards.all()) {
    const top = Math.round((await box(card)).y);
    const b = await box(button(card));
    rows.set(top, [...(rows.get(top) ?? []), b.y + b.height]);
  }
  return [...rows.values()];
}

describe('report layout', () => {
  let page: Page & { errors: string[] };
  let reportId = '';
  let otherSetTitle = '';
  let report: {
    skillBreakdown: { skill: string; score: number }[];
    questionReports: { question: string }[];
  };

  beforeAll(async () => {
    page = await candidatePage('mid');
    await page.goto('/');
    const [fixed, other] = (await availableSets(page)).filter((s) => s.type === 'fixed');
    const answers = [
      'Okay, so a closure is a function that keeps access to the variables of the scope it was created in. For example, a counter function returns an inner function that increments a private count, because the inner function captures the lexical environment.',
      "I'm not sure, but let and const are block scoped while var is function scoped and hoisted; const prevents reassignment, and let gives each loop iteration its own binding.",
    ];
    // Another set first, then the report's set twice: the progress chart has two sets to keep apart.
    otherSetTitle = other!.title;
    await completeFixedInterview(page, other!, answers);
    await completeFixedInterview(page, fixed!, answers);
    const done = await completeFixedInterview(page, fixed!, [...answers].reverse());
    reportId = done.id;
    report = await (await page.request.get(`/api/report/interview/${reportId}`)).json();
  });

  for (const [name, viewport, scheme] of [
    ['desktop, light', { width: 1280, height: 900 }, 'light'],
    ['phone, dark', { width: 390, height: 844 }, 'dark'],
  ] as const) {
    it(`opens with the summary before the question blocks (${name})`, async () => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/reports/${reportId}`);
      const questions = page.getByRole('heading', { name: /question-by-question/i });
      await questions.waitFor();
      const questionsTop = (await box(questions)).y;
      const summary = [
        page.getByTestId('overall-score'),
        page.getByRole('heading', { name: 'AI Insights' }),
        page.getByRole('heading', { name: 'Strengths' }),
        page.getByRole('heading', { name: 'Areas for Improvement' }),
        page.getByRole('heading', { name: 'Recommendations' }),
        page.getByRole('heading', { name: 'Performance Breakdown' }),
      ];
      let previous = -1;
      for (const part of summary) {
        const b = await box(part);
        // In reading order (side by side on a wide screen), every part above the questions.
        expect(b.y).toBeGreaterThanOrEqual(previous - 1);
        expect(b.y + b.height).toBeLessThan(questionsTop);
        previous = b.y;
      }
      // The lists' whole cards end above the questions too, not only their headings.
      for (const title of ['Strengths', 'Areas for Improvement', 'Recommendations']) {
        const card = page.getByRole('heading', { name: title }).locator('xpath=../..');
        const b = await box(card);
        expect(b.y + b.height, title).toBeLessThan(questionsTop);
      }
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }

  it("gives each skill's value beside the donut, readable by a screen reader", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/reports/${reportId}`);
    const legend = page.getByRole('list', { name: 'Skill scores' });
    await legend.waitFor();
    expect(report.skillBreakdown.length).toBeGreaterThan(0);
    expect(await legend.getByRole('listitem').allTextContents()).toEqual(
      report.skillBreakdown.map((s) => `${s.skill}${Math.round(s.score)}/100`),
    );
    // The donut itself draws once scrolled to; the values were there before it.
    await legend.scrollIntoViewIfNeeded();
    await page.locator('.recharts-pie').first().waitFor();
    const findings = await seriousViolations(page, 'report with the donut drawn');
    expect(findings, formatFindings(findings)).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it("the dashboard's progress chart shows one interview set at a time", async () => {
    await page.goto('/');
    const select = page.getByLabel('Interview set');
    await select.scrollIntoViewIfNeeded();
    // The set practised last (twice) is shown first: two points, not three across two sets.
    const summary = page.getByTestId('progress-summary');
    expect(await summary.textContent()).toMatch(/^2 attempts from /);
    // The Overall line's dots: one per attempt of this set.
    const overall = page.locator('circle.recharts-line-dot[name="Overall"]');
    await overall.first().waitFor();
    expect(await overall.count()).toBe(2);
    const options = await select.locator('option').allTextContents();
    expect(options).toHaveLength(2);
    await select.selectOption({ label: options.find((o) => o.startsWith(otherSetTitle))! });
    expect(await summary.textContent()).toMatch(/^One attempt so far /);
    const findings = await seriousViolations(page, 'dashboard with the set selector');
    expect(findings, formatFindings(findings)).toEqual([]);
  });
});

describe('cards and tabs', () => {
  it('Practice: Start buttons of one row share a bottom edge', async () => {
    const page = await candidatePage('mid');
    await page.goto('/practice');
    const cards = page.getByTestId('set-card');
    await cards.first().waitFor();
    const rows = await bottomsByRow(cards, (card) => card.getByRole('link', { name: /^Start/ }));
    expect(rows.some((r) => r.length === 3)).toBe(true); // three columns at 1280 px
    for (const bottoms of rows) {
      expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
    }
  });

  it('Dashboard: Start buttons share a bottom edge, descriptions end on a whole line', async () => {
    const page = await candidatePage('mid');
    await page.goto('/');
    const cards = page.getByTestId('quick-practice-card');
    await cards.first().waitFor();
    const rows = await bottomsByRow(cards, (card) => card.getByRole('link', { name: /^Start/ }));
    for (const bottoms of rows) {
      expect(Math.max(...bottoms) - Math.min(...bottoms)).toBeLessThanOrEqual(1);
    }
    const lines = await cards.evaluateAll((els) =>
      els.map((card) => {
        const p = card.querySelector('p')!;
        return p.clientHeight / parseFloat(getComputedStyle(p).lineHeight);
      }),
    );
    for (const n of lines) {
      expect(Math.abs(n - Math.round(n))).toBeLessThan(0.05); // no half-cut line
      expect(Math.round(n)).toBeLessThanOrEqual(3);
    }
  });

  it('Practice at 1280 px: no tab or count slides under an arrow, on any page of tabs', async () => {
    const page = await candidatePage('mid');
    await page.goto('/practice');
    const list = page.getByRole('tablist', { name: 'Categories' });
    await list.waitFor();
    const previous = page.getByRole('button', { name: 'Previous categories' });
    const next = page.getByRole('button', { name: 'Next categories' });
    for (let pageNo = 0; pageNo < 10; pageNo++) {
      const listBox = await box(list);
      const arrows = [await box(previous), await box(next)];
      for (const tab of await list.getByRole('tab').all()) {
        const tabBox = await box(tab);
        const countBox = await box(tab.getByTestId('category-tab-count'));
        expect(inside(tabBox, listBox)).toBe(true);
        expect(inside(countBox, tabBox)).toBe(true);
        for (const arrow of arrows) {
          expect(intersects(tabBox, arrow)).toBe(false);
          expect(intersects(countBox, arrow)).toBe(false);
        }
      }
      if (await next.isDisabled()) break;
      await next.click();
    }
  });
});

describe('Quick Practice order', () => {
  const rank = (level: string) => LEVELS.indexOf(level as Level);

  async function quickPractice(level: Level) {
    const page = await candidatePage(level);
    await page.goto('/');
    const cards = page.getByTestId('quick-practice-card');
    await cards.first().waitFor();
    return cards.evaluateAll((els) =>
      els.map((card) => ({
        category: card.querySelector('span')!.textContent!.trim(),
        title: card.querySelector('h3')!.textContent!.trim(),
        level: card.querySelector('[data-testid="set-difficulty"]')!.textContent!.trim(),
      })),
    );
  }

  /** Nearest level first; within one distance, the catalogue's order (category, then title). */
  function expectOrderedFor(
    level: Level,
    shown: { category: string; title: string; level: string }[],
  ) {
    const distances = shown.map((s) => Math.abs(rank(s.level) - rank(level)));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (let i = 1; i < shown.length; i++) {
      if (distances[i] !== distances[i - 1]) continue;
      const a = shown[i - 1]!;
      const b = shown[i]!;
      const order = a.category.localeCompare(b.category) || a.title.localeCompare(b.title);
      expect(order, `${a.title} before ${b.title}`).toBeLessThanOrEqual(0);
    }
  }

  it('a junior candidate sees junior sets first, the furthest levels last', async () => {
    const shown = await quickPractice('junior');
    expect(shown.length).toBeGreaterThan(1);
    expect(shown[0]!.level).toBe('junior');
    expect(new Set(shown.map((s) => s.level)).size).toBeGreaterThan(1);
    expectOrderedFor('junior', shown);
  });

  it('a senior candidate sees senior sets (or the nearest levels) first, junior sets last', async () => {
    const shown = await quickPractice('senior');
    expectOrderedFor('senior', shown);
    expect(Math.abs(rank(shown[0]!.level) - rank('senior'))).toBeLessThanOrEqual(1);
    expect(shown.at(-1)!.level).toBe('junior');
  });
});
