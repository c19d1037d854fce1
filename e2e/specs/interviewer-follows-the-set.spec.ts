import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';
import { startServer, type RunningServer } from '../support/server';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { say, waitForCount, type StandIn } from '../support/voice';

/**
 * The interviewer follows the set (issue 27), builtin interviewer: a set with the topics "SQL"
 * and "Apache Spark" is introduced and asked by those names, with transitions that vary; the
 * style promises the follow-ups the set allows and "I don't know" gets one; "could you repeat the
 * question?" hears the question again; and a candidate who cuts in during a transition ("Let's
 * talk about SQL.") was asked nothing: the report has no such question. Its own server, whose
 * catalogue gets the set.
 */

const ADMIN = { email: 'set-admin@e2e.test', password: 'AdminPass1!' };
const ANSWER =
  'For example, in my last job a nightly report took forty minutes, so I read the plan, changed the slowest step and it finished in two minutes.';
const ABOUT_ME =
  'Okay, so I am a data engineer with five years of experience, and I build the nightly pipelines of an online shop.';

interface QuestionReport {
  question: string;
  answer: string;
}

let browser: Browser;
let server: RunningServer;
let setId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const admin = await newPage(await context());
  await signInAdminThroughUi(admin, ADMIN.email, ADMIN.password);
  await admin.waitForURL('**/admin/dashboard');
  const headers = { origin: server.baseUrl };
  const category = await admin.request.post('/api/admin/categories', {
    data: { name: 'Data', description: 'Data engineering' },
    headers,
  });
  expect(category.ok(), await category.text()).toBe(true);
  const set = await admin.request.post('/api/admin/interview-sets', {
    data: {
      categoryId: ((await category.json()) as { id: string }).id,
      title: 'Data platform',
      type: 'topic-based',
      difficulty: 'mid',
      duration: 15,
      topics: ['SQL', 'Apache Spark'],
      followUpDepth: 2,
    },
    headers,
  });
  expect(set.ok(), await set.text()).toBe(true);
  setId = ((await set.json()) as { id: string }).id;
  await admin.context().close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function context(initScripts: string[] = []): Promise<BrowserContext> {
  const c = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
    permissions: ['microphone'],
  });
  c.setDefaultTimeout(15_000);
  for (const script of initScripts) await c.addInitScript(script);
  return c;
}

async function candidatePage(initScripts: string[] = []): Promise<Page & { errors: string[] }> {
  const page = await newPage(await context(initScripts));
  await signUpThroughUi(page, newCandidate(uniqueEmail('set')));
  return page;
}

const attemptOf = (page: Page) => new URL(page.url()).searchParams.get('attempt')!;

/** What the interviewer said so far, as the server stored it. */
async function aiLines(page: Page): Promise<string[]> {
  const res = await page.request.get(`/api/interview/${attemptOf(page)}`);
  expect(res.ok()).toBe(true);
  const { conversation } = (await res.json()) as {
    conversation: { speaker: string; message: string }[];
  };
  return conversation.filter((m) => m.speaker === 'AI').map((m) => m.message);
}

/** Types an answer and waits for the interviewer's next line; returns that line. */
async function typeAnswer(page: Page, text: string): Promise<string> {
  const before = (await aiLines(page)).length;
  await page.getByLabel('Type your answer').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await waitForCount(page, 'AI', before + 1);
  return (await aiLines(page))[before]!;
}

async function reportOf(page: Page, id: string): Promise<QuestionReport[]> {
  for (let i = 0; i < 150; i++) {
    const res = await page.request.get(`/api/report/interview/${id}`);
    if (res.ok()) {
      const report = (await res.json()) as { status: string; questionReports: QuestionReport[] };
      if (report.status === 'completed') return report.questionReports;
    }
    await page.waitForTimeout(200);
  }
  throw new Error('the report never came');
}

/** Ends early (confirming), through "Check your answers" when the answers were spoken. */
async function endEarly(page: Page, spoken: boolean) {
  await page.getByRole('button', { name: 'End Interview' }).click();
  await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'End Interview' }).last().click();
  if (spoken) {
    await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Skip' }).click();
  }
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
}

describe('the interviewer follows the set', () => {
  it('asks the set’s topics by name, keeps the style’s promise, and repeats the question', async () => {
    const page = await candidatePage();
    await page.goto(`/interview/${setId}`);
    // The set allows two follow-ups: the style says so.
    await page.getByRole('group', { name: 'Interviewer style' }).waitFor();
    expect(await page.locator('#style-friendly-note').textContent()).toBe(
      'Warm acknowledgements, up to two follow-ups where an answer is thin.',
    );
    await page.getByLabel('Type my answers instead of speaking').check();
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const id = attemptOf(page);
    await waitForCount(page, 'AI', 1);
    const intro = (await aiLines(page))[0]!;
    expect(intro).toContain("We'll talk about SQL and Apache Spark");
    expect(intro).not.toMatch(/Databases|Data Engineering/);

    expect(await typeAnswer(page, ABOUT_ME)).toContain("Let's talk about SQL.");
    const spark = await typeAnswer(page, ANSWER);
    expect(spark).toMatch(/Apache Spark\. .*Apache Spark/);
    // "Could you repeat the question?": the same question again.
    const question = spark.slice(spark.indexOf('What'));
    expect(await typeAnswer(page, 'Sorry, could you repeat the question?')).toBe(
      `Of course. ${question}`,
    );
    // "I don't know" gets the follow-up a friendly interviewer promised, not thanks.
    const probe = await typeAnswer(page, "I don't know.");
    expect(probe).toMatch(/^(That's all right|No problem|That's fine)\. /);
    expect(probe).not.toMatch(/thank/i);
    await typeAnswer(page, ANSWER);
    await typeAnswer(page, ANSWER);
    // The transitions vary: no two question lines open with the same words.
    const openings = (await aiLines(page))
      .slice(1)
      .map((l) => l.split('. ').slice(0, 2).join('. '));
    for (let i = 1; i < openings.length; i++) expect(openings[i]).not.toBe(openings[i - 1]);

    await endEarly(page, false);
    const questions = await reportOf(page, id);
    for (const q of questions) {
      expect(q.question).not.toMatch(/^(Hello|Thank|Thanks|Got it|Okay|That's)/);
      expect(q.question).not.toContain("Let's talk about");
      expect(q.answer).not.toContain('repeat the question');
    }
    expect(questions.some((q) => q.question.includes('Apache Spark'))).toBe(true);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('a candidate who cuts in during a transition was asked nothing: no such question in the report', async () => {
    // The interviewer's voice plays at a human pace and reports word boundaries.
    const page = await candidatePage([
      SPEECH_STAND_IN,
      'window.__speech.voice = { audible: true, msPerChar: 40, echo: false };',
    ]);
    await page.goto(`/interview/${setId}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const id = attemptOf(page);
    await waitForCount(page, 'AI', 1);
    // The introduction is heard to its end, then answered.
    await page.waitForFunction(
      () => {
        const w = window as unknown as StandIn & { __speech: { speaking: number } };
        return w.__speech.speaking === 0 && w.__micOn();
      },
      undefined,
      { timeout: 30_000 },
    );
    await say(page, ABOUT_ME);

    // The candidate comes in on the last word of "Let's talk about …", before the question.
    await page.waitForFunction(
      () => {
        const w = window as unknown as StandIn & {
          __speech: { current: { text: string; chars: number } | null };
        };
        const c = w.__speech.current;
        return (
          w.__micOn() &&
          c !== null &&
          c.text.startsWith("Let's talk about ") &&
          c.chars >= c.text.trimEnd().lastIndexOf(' ') + 2
        );
      },
      undefined,
      { timeout: 60_000 },
    );
    const more = ['And I should add that I also look after the test data of the team.'];
    const missed = await page.evaluate(
      (s) => (window as unknown as StandIn).__speakSlowly(s, { msPerWord: 250, pausesMs: [] }),
      more,
    );
    expect(missed).toBe(0);
    await waitForCount(page, 'User', 2);
    await waitForCount(page, 'AI', 3);

    await endEarly(page, true);
    const questions = await reportOf(page, id);
    expect(questions.map((q) => q.question).join(' | ')).not.toContain("Let's talk about");
    // What was said over the transition goes on the answer to the question before it.
    expect(questions[0]!.question).toMatch(/^To warm up/);
    expect(questions[0]!.answer).toContain(more[0]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
