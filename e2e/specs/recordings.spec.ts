import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import S3rver from 's3rver';
import { fixedSet } from '../support/api';
import { formatFindings, seriousViolations } from '../support/axe';
import { launchBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { endEarlyThroughCheck, newCandidate, signUpThroughUi } from '../support/flows';
import { startServer, type RunningServer } from '../support/server';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { micOn, speakSlowly, waitForCount } from '../support/voice';

/**
 * Issue 14: each spoken answer's audio is recorded beside Web Speech (MediaRecorder on the
 * microphone), uploaded once the server stored the answer, and played back beside its transcript
 * on the report. The microphone is Chromium's fake device fed with a WAV of the answer spoken by
 * espeak-ng (when it is installed; else the fake device's own tone); recognition is the stand-in.
 */

const ANSWER = [
  'Okay, so var is function scoped and hoisted, while let and const are block scoped.',
  'Const also cannot be reassigned, although an object it holds can still change.',
  'I reach for const by default, and let only when a value really changes.',
];

let browser: Browser;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-e2e-'));
  const extra: string[] = [];
  try {
    const wav = path.join(dir, 'answer.wav');
    execFileSync('espeak-ng', ['-v', 'en-gb', '-s', '150', '-w', wav, ANSWER.join(' ')]);
    extra.push(`--use-file-for-fake-audio-capture=${wav}`);
  } catch {
    // No espeak-ng here: the fake device plays its tone, which records just as well.
  }
  browser = await launchBrowser(extra);
});
afterAll(async () => {
  await browser?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A signed-up candidate's page, on the suite's server or on `baseURL`. */
async function candidatePage(baseURL?: string): Promise<Page & { errors: string[] }> {
  const context = baseURL
    ? await browser.newContext({ baseURL, permissions: ['microphone'] })
    : await newContext(browser, { permissions: ['microphone'] });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(SPEECH_STAND_IN);
  const page = await newPage(context);
  await signUpThroughUi(page, newCandidate(uniqueEmail('recorded')));
  return page;
}

const attemptOf = (page: Page) => new URL(page.url()).searchParams.get('attempt')!;

async function recordingsOf(page: Page, id: string) {
  const res = await page.request.get(`/api/interview/${id}/recordings`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    keepRecordings: boolean;
    recordings: { answerId: string; format: string; durationMs: number; sizeBytes: number }[];
  };
}

/** Starts the set's interview with the pre-start toggle as given, and answers once aloud. */
async function answerOnce(page: Page, keep: boolean) {
  const set = await fixedSet(page);
  await page.goto(`/interview/${set.id}`);
  const toggle = page.getByRole('checkbox', { name: 'Keep recordings of my answers' });
  expect(await toggle.isChecked()).toBe(true);
  await page.getByText('The audio of each spoken answer is kept with your report').waitFor();
  if (!keep) {
    await toggle.uncheck();
    await page.getByText('Nothing of your voice is kept').waitFor();
  }
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await page.waitForURL(/attempt=/);
  await waitForCount(page, 'AI', 1);
  await micOn(page);
  // Breaths between the sentences, shorter than the 0.8 s after which a finished sentence ends
  // the answer at normal patience (decision 037).
  const missed = await speakSlowly(page, ANSWER, { msPerWord: 260, pausesMs: [500, 650] });
  expect(missed).toBe(0);
  await waitForCount(page, 'User', 1);
  await waitForCount(page, 'AI', 2);
  return attemptOf(page);
}

/** Through "Check your answers" to the report, once it has loaded. */
async function endToReport(page: Page, recorded: boolean) {
  await endEarlyThroughCheck(page, recorded);
  await page.getByTestId('overall-score').waitFor({ timeout: 30_000 });
}

describe('recordings of spoken answers', () => {
  it('records an answer, uploads it after the ack, and plays it back on the report', async () => {
    const page = await candidatePage();
    const id = await answerOnce(page, true);

    // Uploaded once the answer was stored: WebM/Opus from MediaRecorder, seconds long.
    await expect
      .poll(async () => (await recordingsOf(page, id)).recordings.length, { timeout: 20_000 })
      .toBe(1);
    const [kept] = (await recordingsOf(page, id)).recordings;
    expect(kept!.format).toBe('audio/webm');
    expect(kept!.sizeBytes).toBeGreaterThan(1000);
    expect(kept!.durationMs).toBeGreaterThan(3000);

    await endToReport(page, true);
    await page.locator('audio[aria-label^="Play your answer from"]').first().waitFor({
      state: 'attached',
    });
    // The browser loads the audio through the range-request route: it knows its length.
    const loaded = await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>(
          'audio[aria-label^="Play your answer from"]',
        );
        if (!audio) return null;
        audio.preload = 'auto';
        if (audio.error) return { error: audio.error.code };
        return audio.readyState >= 1 && audio.duration > 0
          ? { readyState: audio.readyState, duration: audio.duration }
          : null;
      },
      undefined,
      { timeout: 20_000 },
    );
    const state = (await loaded.jsonValue()) as { readyState?: number; error?: number };
    expect(state.error).toBeUndefined();
    expect(state.readyState).toBeGreaterThanOrEqual(1);
    const src = await page
      .locator('audio[aria-label^="Play your answer from"]')
      .first()
      .getAttribute('src');
    const part = await page.request.get(src!, { headers: { range: 'bytes=0-99' } });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);

    // The report with its player has no serious accessibility finding, light or dark.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect(formatFindings(await seriousViolations(page, `report (${colorScheme})`))).toBe('');
    }

    // Settings shows what is kept, and deletes it all.
    await page.goto('/settings?tab=account');
    await page
      .getByTestId('recording-usage')
      .getByText(/^1 recording kept \(\d+(\.\d)? (KB|MB) of the \d+ MB you may keep\)\.$/)
      .waitFor();
    await page.getByRole('button', { name: 'Delete all recordings' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Delete all recordings' })
      .click();
    await page.getByText('No recordings are kept.').waitFor();
    expect((await recordingsOf(page, id)).recordings).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('keeps nothing when the candidate turns recordings off before starting', async () => {
    const page = await candidatePage();
    const id = await answerOnce(page, false);
    const after = await recordingsOf(page, id);
    expect(after.keepRecordings).toBe(false);
    await endToReport(page, false);
    expect(await page.locator('audio').count()).toBe(0);
    expect((await recordingsOf(page, id)).recordings).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});

describe('recordings kept in an S3-compatible store', () => {
  let s3: S3rver;
  let s3Dir: string;
  let server: RunningServer;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-rec-e2e-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'candor-recordings' }],
    });
    const { port } = await s3.run();
    server = await startServer({
      S3_BUCKET: 'candor-recordings',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('the same interview keeps its answer in the bucket and plays it on the report', async () => {
    const page = await candidatePage(server.baseUrl);
    const id = await answerOnce(page, true);
    await expect
      .poll(async () => (await recordingsOf(page, id)).recordings.length, { timeout: 20_000 })
      .toBe(1);
    // Nothing under the server's DATA_DIR: the object store holds the audio.
    expect(fs.existsSync(path.join(server.dataDir, 'data', 'users'))).toBe(false);
    await endToReport(page, true);
    const loaded = await page.waitForFunction(
      () => {
        const audio = document.querySelector<HTMLAudioElement>(
          'audio[aria-label^="Play your answer from"]',
        );
        if (!audio) return null;
        if (audio.error) return { error: audio.error.code };
        return audio.readyState >= 1 && audio.duration > 0
          ? { readyState: audio.readyState }
          : null;
      },
      undefined,
      { timeout: 20_000 },
    );
    expect(await loaded.jsonValue()).toMatchObject({ readyState: expect.any(Number) });
    expect(page.errors).toEqual([]);
  });
});
