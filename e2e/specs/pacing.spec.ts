import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TAILORED_ADVERT } from '../../apps/server/src/modules/tailored/fixtures/job-descriptions';
import { topicOfSkill } from '../../apps/server/src/modules/tailored/select';
import { launchBrowser, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signInAdminThroughUi, signUpThroughUi } from '../support/flows';
import { startServer, type RunningServer } from '../support/server';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { say, waitForAi, waitForCount } from '../support/voice';

/**
 * Pacing (issue 27): 10-minute interviews held at a human pace use their time. The interviewer
 * keeps asking, in the plan's order, until the wrap-up minutes begin; "We're nearly out of time"
 * comes only then; a tailored interview asks about every confirmed skill that fits; and a
 * naturally finished interview ends without "The interview is not yet complete" and is not
 * reported as ended early. Its own server, whose clock the spec moves: each turn is the
 * interviewer's question spoken and a 45-second answer, in a few seconds of real time.
 */

const ADMIN = { email: 'pacing-admin@e2e.test', password: 'AdminPass1!' };
const MINUTE = 60_000;
/** How long a candidate answers each question. */
const ANSWER_MS = 45_000;
/** The interviewer speaks at about 150 words a minute. */
const spokenMs = (text: string) => text.split(/\s+/).length * 400;

/** Answers that are complete (an example of the candidate's own) and name no skill. */
const ANSWERS = [
  'For example, in my last job a page took four seconds to load, so I measured where the time went, found one slow step that repeated the same work, changed it to do the work once and checked the numbers again, and the page loaded in under a second.',
  'For instance, when two parts of our system disagreed about the data, I wrote down how each one should behave, added checks at the boundary between them, and we found the mismatch in a day instead of guessing for a week.',
  'In my last project I kept the change small and safe: I hid the new behaviour behind a switch, tried it with a few users first, watched the error rate, and only then turned it on for everyone, which meant nobody noticed the move.',
];
const WARM_UP_ANSWER =
  'Okay, so I am a software engineer with six years of experience, and at the moment I work on the services behind an online shop.';
const NO_QUESTIONS = "No, that's all from me, thank you.";

interface Message {
  speaker: 'AI' | 'User';
  message: string;
  timestamp: string;
  meta?: { kind?: string };
}
interface Detail {
  startedAt: string | null;
  conversation: Message[];
}

let browser: Browser;
let server: RunningServer;
let topicSetId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  server = await startServer(
    { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
    { movableClock: true },
  );
  const admin = await newPage(await context());
  await signInAdminThroughUi(admin, ADMIN.email, ADMIN.password);
  await admin.waitForURL('**/admin/dashboard');
  const headers = { origin: server.baseUrl };
  const category = await admin.request.post('/api/admin/categories', {
    data: { name: 'Pacing', description: 'Ten-minute interviews' },
    headers,
  });
  expect(category.ok(), await category.text()).toBe(true);
  const set = await admin.request.post('/api/admin/interview-sets', {
    data: {
      categoryId: ((await category.json()) as { id: string }).id,
      title: 'Ten minutes of React',
      type: 'topic-based',
      difficulty: 'mid',
      duration: 10,
      topics: ['React'],
    },
    headers,
  });
  expect(set.ok(), await set.text()).toBe(true);
  topicSetId = ((await set.json()) as { id: string }).id;
  await admin.context().close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function context(): Promise<BrowserContext> {
  const c = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1280, height: 900 },
    permissions: ['microphone'],
  });
  c.setDefaultTimeout(15_000);
  await c.addInitScript(SPEECH_STAND_IN);
  return c;
}

async function candidatePage(): Promise<Page & { errors: string[] }> {
  const page = await newPage(await context());
  await signUpThroughUi(page, newCandidate(uniqueEmail('pacing')));
  return page;
}

async function detail(page: Page, id: string): Promise<Detail> {
  const res = await page.request.get(`/api/interview/${id}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Detail;
}

const attemptOf = (page: Page) => new URL(page.url()).searchParams.get('attempt')!;

/** What the interviewer said, each line with when it was said (minutes into the interview). */
function timeline(d: Detail) {
  const start = Date.parse(d.startedAt!);
  return d.conversation
    .filter((m) => m.speaker === 'AI')
    .map((m) => ({
      text: m.message,
      kind: m.meta?.kind,
      minute: (Date.parse(m.timestamp) - start) / MINUTE,
    }));
}

/**
 * Answers every question at a human pace (the clock moves by the question spoken and a 45-second
 * answer before each answer is said) until the interviewer invites the candidate's questions or
 * closes. Returns the interviewer's lines up to then.
 */
async function holdAtHumanPace(page: Page, id: string) {
  for (let turn = 1; turn <= 30; turn++) {
    await waitForCount(page, 'AI', turn);
    const lines = timeline(await detail(page, id));
    const last = lines.at(-1)!;
    if (last.kind === 'invite-questions' || last.kind === 'closing') return lines;
    server.moveClock(spokenMs(last.text) + ANSWER_MS);
    await say(page, turn === 1 ? WARM_UP_ANSWER : ANSWERS[turn % ANSWERS.length]!);
  }
  throw new Error('the interviewer never wrapped up');
}

/** Clicks End Interview: true when "The interview is not yet complete" was asked (then confirmed). */
async function endInterview(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: 'End Interview' }).first().click();
  const asked = page.getByText('The interview is not yet complete.', { exact: false });
  const checkPage = page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
  const first = await Promise.race([
    checkPage.then(() => 'check' as const),
    asked.waitFor({ timeout: 30_000 }).then(() => 'dialog' as const),
  ]);
  if (first === 'dialog') {
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    await checkPage;
  }
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  return first === 'dialog';
}

async function endedEarlyInReport(page: Page, id: string): Promise<boolean> {
  for (let i = 0; i < 150; i++) {
    const res = await page.request.get(`/api/report/interview/${id}`);
    if (res.ok()) {
      const report = (await res.json()) as { status: string; endedEarly?: boolean };
      if (report.status !== 'pending') return report.endedEarly === true;
    }
    await page.waitForTimeout(200);
  }
  throw new Error('the report never came');
}

const NEARLY_OUT = "We're nearly out of time";

describe('a 10-minute interview at a human pace uses its time', () => {
  it('topic-based: asks until the wrap-up minutes, and says "nearly out of time" only then', async () => {
    const page = await candidatePage();
    await page.goto(`/interview/${topicSetId}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const lines = await holdAtHumanPace(page, attemptOf(page));
    const wrapUp = lines.at(-1)!;
    const asked = lines.filter((l) => l.kind === 'question' || l.kind === 'follow-up');
    console.log(
      `pacing, topic 10 min: wrapped up at ${wrapUp.minute.toFixed(2)} min after ${asked.length} questions`,
    );
    expect(wrapUp.kind).toBe('invite-questions');
    expect(wrapUp.minute).toBeGreaterThanOrEqual(8);
    expect(wrapUp.minute).toBeLessThan(10);
    // "Nearly out of time" is said once, when it is true.
    expect(lines.filter((l) => l.text.includes(NEARLY_OUT))).toEqual([wrapUp]);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('tailored: asks about every confirmed skill that fits, uses the time and finishes naturally', async () => {
    const page = await candidatePage();
    await page.goto('/practice/job');
    await page.getByLabel('Job description').fill(TAILORED_ADVERT);
    await page.getByRole('button', { name: 'Read the job description', exact: true }).click();
    await page.getByRole('heading', { name: 'Confirm what the job asks for' }).waitFor();
    for (const skill of ['Redis', 'Docker']) {
      await page.getByLabel('Add a skill').fill(skill);
      await page.getByLabel('Add a skill').press('Enter');
    }
    const required = await page
      .getByRole('list', { name: 'Required skills' })
      .getByRole('listitem')
      .allTextContents();
    const nice = await page
      .getByRole('list', { name: 'Nice to have' })
      .getByRole('listitem')
      .allTextContents();
    const confirmed = [...required, ...nice].map((s) => s.replace(/\s*Remove.*$/, '').trim());
    expect(confirmed).toEqual(['Go', 'PostgreSQL', 'Kubernetes', 'Redis', 'Docker', 'Kafka']);
    await page.getByLabel('Duration').selectOption('10');
    await page.getByRole('button', { name: 'Start this interview' }).click();
    await page.waitForURL(/\/interview\/job\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const id = attemptOf(page);

    const lines = await holdAtHumanPace(page, id);
    const wrapUp = lines.at(-1)!;
    // A skill was asked when a question of its bank topic was.
    const askedSkills = confirmed.filter((skill) => {
      const topic = topicOfSkill(skill)!;
      const questions = Object.values(topic.questions).flat();
      return lines.some((l) => questions.some((q) => l.text.includes(q)));
    });
    console.log(
      `pacing, tailored 10 min: wrapped up at ${wrapUp.minute.toFixed(2)} min; skills asked ${askedSkills.length} of ${confirmed.length} (${askedSkills.join(', ')})`,
    );

    // The candidate has no questions; the interviewer says goodbye, and End just ends.
    await say(page, NO_QUESTIONS);
    await waitForAi(page, "that's all from me");
    const askedToConfirm = await endInterview(page);
    const endedEarly = await endedEarlyInReport(page, id);

    expect(wrapUp.kind).toBe('invite-questions');
    expect(wrapUp.minute).toBeGreaterThanOrEqual(8);
    expect(lines.filter((l) => l.text.includes(NEARLY_OUT))).toEqual([wrapUp]);
    expect(askedSkills).toEqual(confirmed);
    expect(askedToConfirm).toBe(false);
    expect(endedEarly).toBe(false);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});

describe('a natural finish is a finish', () => {
  it('after the interviewer’s goodbye, End ends without "not yet complete" and the report is not "ended early"', async () => {
    const page = await candidatePage();
    await page.goto(`/interview/${topicSetId}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const id = attemptOf(page);
    await waitForCount(page, 'AI', 1);
    // Eight and a half minutes in, the warm-up is answered: the interviewer wraps up.
    server.moveClock(8.5 * MINUTE);
    await say(page, WARM_UP_ANSWER);
    await waitForAi(page, 'Do you have any questions for me?');
    await say(page, NO_QUESTIONS);
    await waitForAi(page, "that's all from me");
    await page
      .getByText('The interview is complete. Click End Interview to get your report.')
      .waitFor();
    expect(await endInterview(page)).toBe(false);
    expect(await endedEarlyInReport(page, id)).toBe(false);
    expect(page.errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
