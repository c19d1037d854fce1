import { LIVE_PROTOCOL_VERSION } from '@candor/shared';
import type { Page } from 'playwright-core';

export interface SetSummary {
  id: string;
  title: string;
  categoryName: string;
  type: string;
  difficulty: string;
  duration: number;
  topics: string[];
}

/** The candidate's available sets, through the page's own session. */
export async function availableSets(page: Page): Promise<SetSummary[]> {
  const res = await page.request.get('/api/interview/sets/available');
  if (!res.ok()) throw new Error(`sets: ${res.status()}`);
  return (await res.json()) as SetSummary[];
}

/** The demo's "JavaScript Fundamentals" (a fixed set), or any fixed set there is. */
export async function fixedSet(page: Page): Promise<SetSummary> {
  const sets = await availableSets(page);
  return (
    sets.find((s) => s.title === 'JavaScript Fundamentals') ?? sets.find((s) => s.type === 'fixed')!
  );
}

/**
 * The candidate's patience at the end of an answer (decision 037), as Settings saves it: how long
 * a silence ends their answers in the interviews they start from now.
 */
export async function setPatience(page: Page, patience: 'relaxed' | 'normal' | 'quick') {
  const res = await page.request.put('/api/user/preferences', {
    data: { patience },
    headers: { origin: new URL(page.url()).origin },
  });
  if (!res.ok()) throw new Error(`patience: ${res.status()} ${await res.text()}`);
}

/** Opens a set's pre-start screen, presses Start Interview and returns the attempt's id. */
export async function startInterview(page: Page, set: SetSummary): Promise<string> {
  await page.goto(`/interview/${set.id}`);
  await page.getByRole('button', { name: 'Start Interview' }).click();
  await page.waitForURL(/attempt=/);
  return new URL(page.url()).searchParams.get('attempt')!;
}

/** Creates an attempt of a set (status scheduled), as the Start button does. */
export async function createAttempt(page: Page, set: SetSummary): Promise<string> {
  const res = await page.request.post('/api/interview', {
    data: {
      title: set.title,
      category: set.categoryName,
      difficulty: set.difficulty,
      type: set.type,
      duration: 30,
      topics: set.topics,
      interviewSetId: set.id,
    },
    headers: { origin: new URL(page.url()).origin },
  });
  if (!res.ok()) throw new Error(`create attempt: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * An answer saved through the REST save (as the periodic save sends one): the attempt is history
 * from its first answer (decision 038), whether or not it was started.
 */
export async function answerAttempt(page: Page, id: string, text = 'My first answer.') {
  const res = await page.request.put(`/api/interview/${id}`, {
    data: { conversation: [{ id: crypto.randomUUID(), speaker: 'User', message: text }] },
    headers: { origin: new URL(page.url()).origin },
  });
  if (!res.ok()) throw new Error(`answer attempt: ${res.status()} ${await res.text()}`);
}

/**
 * History's Discard through the API: the attempt is cancelled (no longer unfinished), or removed
 * when nobody answered it (decision 038).
 */
export async function discardAttempt(page: Page, id: string): Promise<void> {
  const res = await page.request.put(`/api/interview/${id}`, {
    data: { status: 'cancelled' },
    headers: { origin: new URL(page.url()).origin },
  });
  if (!res.ok()) throw new Error(`discard attempt: ${res.status()} ${await res.text()}`);
}

/**
 * Runs a whole fixed interview over the live WebSocket from inside the page (its cookie
 * authenticates): answers each question with the next of `answers` until the server says the
 * questions are exhausted, ends it, and waits for the report. Returns the attempt id and score.
 */
export async function completeFixedInterview(
  page: Page,
  set: SetSummary,
  answers: string[],
  options: {
    /**
     * Interview minutes already spent when the live channel starts: the REST start says the
     * candidate has been in the interview since then, and that time counts (decision 038).
     */
    minutesIn?: number;
  } = {},
): Promise<{ id: string; overall: number }> {
  const id = await createAttempt(page, set);
  if (options.minutesIn !== undefined) {
    const startedAt = new Date(Date.now() - options.minutesIn * 60_000).toISOString();
    const put = await page.request.put(`/api/interview/${id}`, {
      data: { status: 'in_progress', startedAt },
      headers: { origin: new URL(page.url()).origin },
    });
    if (!put.ok()) throw new Error(`start attempt: ${put.status()} ${await put.text()}`);
  }
  await page.evaluate(
    async ({ id, answers, protocol }) => {
      const ws = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/interview/${id}/live`,
      );
      const queue: { type: string }[] = [];
      let wake: (() => void) | null = null;
      ws.onmessage = (e) => {
        queue.push(JSON.parse(e.data as string));
        wake?.();
      };
      await new Promise((resolve, reject) => {
        ws.onopen = resolve;
        ws.onerror = reject;
      });
      const next = async (...types: string[]) => {
        for (;;) {
          const i = queue.findIndex((f) => types.includes(f.type));
          if (i >= 0) return queue.splice(i, 1)[0]!;
          await new Promise<void>((r) => (wake = r));
        }
      };
      ws.send(JSON.stringify({ type: 'start', protocol }));
      await next('state');
      await next('reply.end');
      for (let turn = 0; turn < 20; turn++) {
        ws.send(
          JSON.stringify({
            type: 'answer',
            id: crypto.randomUUID(),
            text: answers[turn % answers.length],
            mode: 'typed',
          }),
        );
        await next('reply.end');
        await new Promise((r) => setTimeout(r, 50));
        if (queue.some((f) => f.type === 'completed')) break;
      }
      await next('completed');
      ws.send(JSON.stringify({ type: 'end' }));
      await next('ended');
      ws.close();
    },
    { id, answers, protocol: LIVE_PROTOCOL_VERSION },
  );
  for (let i = 0; i < 100; i++) {
    const res = await page.request.get(`/api/report/interview/${id}`);
    if (res.ok()) {
      const report = (await res.json()) as { status: string; overallScore: number | null };
      if (report.status === 'completed')
        return { id, overall: Math.round(report.overallScore ?? 0) };
    }
    await page.waitForTimeout(200);
  }
  throw new Error(`report for ${id} never completed`);
}
