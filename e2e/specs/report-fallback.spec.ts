import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { startServer, type RunningServer } from '../support/server';

/**
 * The configured AI provider is an OpenAI-compatible endpoint that answers every call with HTTP 500
 * (a stand-in on loopback): the interview still ends on a report, scored by the builtin evaluator,
 * and the report says so.
 */
let failing: http.Server;
let server: RunningServer;
let browser: Browser;
let calls = 0;

beforeAll(async () => {
  failing = http.createServer((_req, res) => {
    calls += 1;
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'upstream exploded', type: 'server_error' } }));
  });
  await new Promise<void>((r) => failing.listen(0, '127.0.0.1', () => r()));
  server = await startServer({
    AI_PROVIDER: 'openai',
    AI_BASE_URL: `http://127.0.0.1:${(failing.address() as AddressInfo).port}/v1`,
    AI_API_KEY: 'test-key',
    AI_TIMEOUT_MS: '3000',
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => failing?.close(r));
});

describe('End Interview with the report provider failing', () => {
  it('still ends on a report, scored by the builtin evaluator', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    const page = await context.newPage();
    await signUpThroughUi(page, newCandidate(uniqueEmail('fallback')));
    const sets = (await (await page.request.get('/api/interview/sets/available')).json()) as {
      id: string;
      type: string;
    }[];
    const set = sets.find((s) => s.type === 'fixed')!;
    await page.goto(`/interview/${set.id}`);
    await page.getByLabel('Type my answers instead of speaking').check();
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.getByLabel('Type your answer').waitFor();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 1,
    );
    await page
      .getByLabel('Type your answer')
      .fill(
        'A closure is a function that keeps access to the variables of the scope it was created in, for example a counter.',
      );
    await page.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 2,
    );

    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 60_000 });
    await page.getByTestId('overall-score').waitFor();
    await page
      .getByText(/the AI model failed, so the builtin evaluator scored this report/)
      .waitFor();
    expect(calls).toBeGreaterThan(0);
    await context.close();
  });
});
