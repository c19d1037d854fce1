import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readBoard } from '../../apps/server/src/modules/whiteboard/graph';
import { availableSets } from '../support/api';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { expectAccessibleInBothThemes } from '../support/axe';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { say, waitForAi } from '../support/voice';

/**
 * The whiteboard of a system-design question (issue 29), drawn as a person draws: a tool chosen by
 * its key, each box dragged out with the mouse and labelled by typing, arrows dragged from box to
 * box. The board is saved as it is drawn, survives a reload, and the server reads it as the chain
 * client → load balancer → app → cache → database. The candidate then says the requirements and an
 * estimate; the interviewer, reading the board, asks about the piece it can see is missing (the
 * short codes' ID generator), and the report shows the diagram and the checklist.
 */

const browser = useBrowser();
const LABELS = ['Client', 'Load balancer', 'App server', 'Cache', 'Database'];

async function canvasBox(page: Page) {
  const canvas = page.locator('[data-testid="whiteboard"] canvas.interactive');
  await canvas.waitFor({ timeout: 30_000 });
  return (await canvas.boundingBox())!;
}

/** Rectangle tool (R), drag, Enter to label the selected box, Escape to finish. */
async function drawBox(page: Page, x: number, y: number, label: string) {
  await page.keyboard.press('r');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 50, y + 30, { steps: 4 });
  await page.mouse.move(x + 110, y + 60, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.press('Enter');
  await page.keyboard.type(label, { delay: 20 });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
}

/** Arrow tool (A), dragged from inside one box to inside the next: both ends bind. */
async function drawArrow(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.keyboard.press('a');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press('Escape');
}

const board = (page: Page, attemptId: string) =>
  page.evaluate(
    async (id) =>
      (await fetch(`/api/interview/${id}/whiteboard?questionIndex=0`)).json() as Promise<{
        version: number;
        scene: { elements: unknown[] };
      }>,
    attemptId,
  );

describe('the whiteboard', () => {
  it('draws client → load balancer → app → cache → database, saves it, and keeps it over a reload', async () => {
    const context = await newContext(browser(), { permissions: ['microphone'] });
    await context.addInitScript(SPEECH_STAND_IN);
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('designer')));
    const set = (await availableSets(page)).find((s) => s.title === 'System Design: Foundations');
    expect(set, 'the demo catalogue has the whiteboard round').toBeTruthy();
    await page.goto(`/interview/${set!.id}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt')!;
    await waitForAi(page, 'URL shortener');

    const loadStart = Date.now();
    const area = await canvasBox(page);
    console.log(`whiteboard: ready ${Date.now() - loadStart} ms after the question was shown`);
    // Boxes on two rows, so each fits the panel: 150 units apart, arrows between neighbours.
    const centres = LABELS.map((_, i) => ({
      x: area.x + 20 + (i % 3) * 160,
      y: area.y + 80 + Math.floor(i / 3) * 150,
    }));
    // A click on the empty board first, as a person does: the tool keys go to the board then.
    await page.mouse.click(area.x + area.width - 40, area.y + area.height / 2);
    for (const [i, label] of LABELS.entries())
      await drawBox(page, centres[i]!.x, centres[i]!.y, label);
    for (let i = 0; i + 1 < LABELS.length; i++) {
      const a = centres[i]!;
      const b = centres[i + 1]!;
      await drawArrow(page, { x: a.x + 55, y: a.y + 30 }, { x: b.x + 55, y: b.y + 30 });
    }
    await page.locator('[data-save-status="saved"]').waitFor({ timeout: 15_000 });
    const saved = await board(page, attemptId);
    expect(saved.version).toBeGreaterThan(0);

    // The server reads what the real component wrote as the chain that was drawn.
    const graph = readBoard(saved.scene);
    const label = new Map(graph.components.map((c) => [c.id, c.label]));
    expect(graph.components.map((c) => c.label).sort()).toEqual([...LABELS].sort());
    expect(graph.edges.map((e) => `${label.get(e.from)} -> ${label.get(e.to)}`)).toEqual([
      'Client -> Load balancer',
      'Load balancer -> App server',
      'App server -> Cache',
      'Cache -> Database',
    ]);

    // A reload shows the same board, and a later edit saves from its version.
    await page.reload();
    await canvasBox(page);
    const again = await board(page, attemptId);
    expect(again).toEqual(saved);

    // Requirements and an estimate said: the probe is about what the board lacks.
    await say(
      page,
      'Users create a short link for a long URL, and the short link redirects to the long URL. At 100 million links a month that is about 40 writes a second.',
    );
    await waitForAi(page, 'Where would an ID generator fit into this design');

    // End early, skip the check, and read the design in the report.
    await page.getByRole('button', { name: 'End Interview' }).first().click();
    await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(new RegExp(`/reports/${attemptId}$`), { timeout: 60_000 });
    const design = page.getByTestId('question-report').filter({ hasText: 'URL shortener' });
    await design.locator('summary').click();
    const section = design.getByTestId('system-design-section');
    await section.waitFor();
    const diagram = section.getByRole('img', { name: /Your final board: 5 component/ });
    expect(await diagram.locator('[data-testid="board-box"]').count()).toBe(5);
    expect(await diagram.locator('[data-testid="board-arrow"]').count()).toBe(4);
    const blocks = section.getByRole('list', { name: 'Building blocks' });
    for (const drawn of ['Client', 'Load balancer', 'App server', 'Cache', 'Database']) {
      expect(await blocks.getByRole('checkbox', { name: drawn }).isChecked(), drawn).toBe(true);
    }
    expect(await blocks.getByRole('checkbox', { name: 'ID generator' }).isChecked()).toBe(false);
    const requirements = section.getByRole('list', { name: 'Requirements' });
    expect(
      await requirements
        .getByRole('checkbox', { name: 'Create a short link for a long URL' })
        .isChecked(),
    ).toBe(true);
    expect(await section.getByRole('list', { name: 'Estimates' }).textContent()).toContain(
      '40 writes a second',
    );
    await expectAccessibleInBothThemes(page, 'report with a system-design section');
    expect(page.errors).toEqual([]);
    await context.close();
  }, 240_000);
});
