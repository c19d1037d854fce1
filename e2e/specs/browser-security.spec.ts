import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import {
  newCandidate,
  signInAdminThroughUi,
  signUpThroughUi,
  skipAnswerCheck,
} from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';

/**
 * In the browser: stored content with markup renders as text (no script runs, no element
 * appears), and the app works under its Content-Security-Policy: not one violation is reported
 * while walking the main screens, a live voice interview included.
 */

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const QUESTION = `What does ${IMG} do, and ${SCRIPT}?`;
const ANSWER = `It is an image tag ${IMG} and a script ${SCRIPT} that the page must show as text.`;
const BIO = `Engineer ${IMG} ${SCRIPT}`;
const CATEGORY = `Sec ${IMG}`;
const SET_TITLE = `Markup ${SCRIPT}`;

let browser: Browser;
const violations: string[] = [];

/** Every CSP violation (the DOM event and Chromium's console message) of every page lands here. */
const CSP_LISTENER = `
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolation(e.violatedDirective + ' blocked ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber);
});
`;

async function watchedContext(initScripts: string[] = []): Promise<BrowserContext> {
  const context = await newContext(browser, { permissions: ['microphone'] });
  await context.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await context.addInitScript(CSP_LISTENER);
  for (const script of initScripts) await context.addInitScript(script);
  context.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(msg.text()))
      violations.push(`console: ${msg.text()}`);
  });
  return context;
}

/** The markup shows as literal text, and nothing of it became an element or ran. */
async function expectInert(page: Page, where: string, literal: string) {
  await page.getByText(literal, { exact: false }).first().waitFor();
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    images: document.querySelectorAll('img[src="x"]').length,
    scripts: [...document.querySelectorAll('script')].filter((s) => !s.src).length,
  }));
  expect(state, where).toEqual({ xss: undefined, images: 0, scripts: 0 });
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('stored markup and the Content-Security-Policy', () => {
  it('markup in questions, set, category, bio and transcript renders as text under a CSP with no violation', async () => {
    const baseUrl = inject('baseUrl');
    const origin = { origin: baseUrl };

    // The policy is there, without inline scripts.
    const anon = await watchedContext();
    const visitor = await newPage(anon);
    const first = await visitor.goto('/login');
    const csp = first?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    // Scripts from our origin only; 'wasm-unsafe-eval' lets WebAssembly (the voice detector's
    // runtime, served by us) compile, and still forbids eval of JavaScript.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    await visitor.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await visitor.goto('/signup');
    await visitor.getByRole('heading', { name: 'Create your account' }).waitFor();
    await visitor.goto('/forgot-password');
    await visitor.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await anon.close();

    // An administrator stores markup through the real API.
    const adminContext = await watchedContext();
    const admin = await newPage(adminContext);
    await signInAdminThroughUi(admin, inject('adminEmail'), inject('adminPassword'));
    await admin.waitForURL('**/admin/dashboard');
    await admin.getByTestId('analytics-Total Interviews').waitFor();
    const category = await admin.request.post('/api/admin/categories', {
      data: { name: CATEGORY, description: `About ${IMG}`, icon: '🛡' },
      headers: origin,
    });
    expect(category.status(), await category.text()).toBe(201);
    const categoryId = ((await category.json()) as { id: string }).id;
    const set = await admin.request.post('/api/admin/interview-sets', {
      data: {
        categoryId,
        title: SET_TITLE,
        description: `Practise reading ${IMG} aloud.`,
        type: 'fixed',
        difficulty: 'mid',
        duration: 15,
        topics: [`tag ${SCRIPT}`.slice(0, 40)],
        showHome: true,
        questions: [{ questionText: QUESTION }, { questionText: 'What is a cache?' }],
      },
      headers: origin,
    });
    expect(set.ok(), await set.text()).toBe(true);
    const setId = ((await set.json()) as { id: string }).id;

    await admin.goto('/admin/categories');
    await expectInert(admin, 'admin categories', CATEGORY);
    await admin.goto('/admin/interviews');
    await expectInert(admin, 'admin interview sets', SET_TITLE);
    await admin.goto(`/admin/questions/${setId}`);
    await expectInert(admin, 'admin questions', QUESTION);

    // A candidate with markup in the bio holds a live voice interview of that set.
    const candidateContext = await watchedContext([SPEECH_STAND_IN]);
    const page = await newPage(candidateContext);
    const candidate = newCandidate(uniqueEmail('xss'));
    await signUpThroughUi(page, candidate);
    const profile = await page.request.put('/api/user/profile', {
      data: { firstName: 'Grace', lastName: 'Hopper', experienceLevel: 'mid', bio: BIO },
      headers: origin,
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    expect(await page.getByLabel('Bio').inputValue()).toBe(BIO);
    await page.goto('/');
    await expectInert(page, 'dashboard quick practice', SET_TITLE);
    await page.goto('/practice');
    await expectInert(page, 'practice', SET_TITLE);
    await page.goto(`/interview/${setId}`);
    await expectInert(page, 'interview pre-start', SET_TITLE);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 1 &&
        (window as unknown as { __micOn(): boolean }).__micOn(),
      undefined,
      { timeout: 20_000 },
    );
    await expectInert(page, 'live transcript (question)', QUESTION);
    await page.evaluate(
      (t) => (window as unknown as { __say(t: string): boolean }).__say(t),
      ANSWER,
    );
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="User"]').length >= 1,
      undefined,
      { timeout: 20_000 },
    );
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="AI"]').length >= 2,
      undefined,
      { timeout: 20_000 },
    );
    await expectInert(page, 'live transcript (answer)', ANSWER);
    await page.getByRole('button', { name: 'End Interview' }).click();
    await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    // "Check your answers" (decision 024) shows the spoken answer as text too.
    await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Answer 1' }).waitFor();
    await expectInert(page, 'check your answers', ANSWER);
    await skipAnswerCheck(page);
    await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByText('Question-by-Question Analysis').waitFor();
    // Question blocks open on demand (decision 014): open each, as a reader would.
    const blocks = page.locator('[data-testid="question-report"] > summary');
    for (let i = 0; i < (await blocks.count()); i++) await blocks.nth(i).click();
    await expectInert(page, 'report (question)', QUESTION);
    await expectInert(page, 'report (answer)', ANSWER);
    await page.goto('/history');
    await expectInert(page, 'history', SET_TITLE);
    await page.goto('/settings?tab=appearance');
    await page.getByRole('radio', { name: /dark/i }).check();
    await page.getByText('Theme changed to dark').first().waitFor();
    expect(page.errors).toEqual([]);

    // The administrator reads the candidate's bio.
    await admin.goto('/admin/candidates');
    await admin.getByPlaceholder('Search by name or email...').fill(candidate.email);
    await admin.getByRole('button', { name: `Details for ${candidate.email}` }).click();
    await expectInert(admin, 'admin candidate details (bio)', BIO);
    await admin.goto('/admin/dashboard');
    await admin.getByTestId('analytics-Total Interviews').waitFor();
    await admin.goto('/admin/settings');
    await admin.getByRole('tab', { name: 'Admin Profile' }).waitFor();
    expect(admin.errors).toEqual([]);

    await candidateContext.close();
    await adminContext.close();
    expect(violations).toEqual([]);
  }, 120_000);
});

describe('browser permissions and source maps (issue 12)', () => {
  it('the microphone works on our pages, the camera is refused by policy, and no source map is served', async () => {
    const context = await newContext(browser, { permissions: ['microphone'] });
    const page = await newPage(context);
    const response = await page.goto('/login');
    expect(response?.headers()['permissions-policy']).toContain('microphone=(self)');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const media = await page.evaluate(async () => {
      const attempt = async (constraints: MediaStreamConstraints) => {
        try {
          const stream = await navigator.mediaDevices.getUserMedia(constraints);
          stream.getTracks().forEach((t) => t.stop());
          return 'granted';
        } catch (err) {
          return (err as DOMException).name;
        }
      };
      return { microphone: await attempt({ audio: true }), camera: await attempt({ video: true }) };
    });
    // Chromium's fake devices would grant the camera too; the policy denies it.
    expect(media).toEqual({ microphone: 'granted', camera: 'NotAllowedError' });

    const scripts = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect((await page.request.get(src)).status(), src).toBe(200);
      expect((await page.request.get(`${src}.map`)).status(), `${src}.map`).toBe(404);
    }
    expect(page.errors).toEqual([]);
    await context.close();
  });
});
