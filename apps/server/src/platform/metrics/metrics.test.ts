import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reports } from '../../db/schema';
import { createTestApp, useTestApp, databaseKinds } from '../../test/harness';
import { giveHistory } from '../../test/user-data';
import { createAttempt, waitForReport } from '../../test/interviews';
import { LiveClient } from '../../test/live-client';
import { signUpCandidate } from '../../test/users';
import { createMetrics } from './metrics';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return null;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const ctx = useTestApp('pglite');

  it('does not exist: 404, even with a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('candor_');
    }
    expect(ctx.app.deps.metrics.enabled).toBe(false);
  });
});

describe.each(databaseKinds())('GET /metrics with METRICS_TOKEN on %s', (kind) => {
  const ctx = useTestApp(kind, { METRICS_TOKEN: TOKEN });

  const scrape = (authorization?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization ? { authorization } : {},
    });

  it('answers 401 without the token or with a wrong one', async () => {
    for (const auth of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(1)}`,
      TOKEN,
      'Basic abc',
    ]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer');
      expect(res.body).not.toContain('candor_');
    }
  });

  it('counts requests by route pattern, method and status, never by raw URL', async () => {
    const me = await signUpCandidate(ctx.app);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    for (const id of ids) {
      await ctx.app.inject({
        method: 'GET',
        url: `/api/interview/sets/${id}`,
        headers: { cookie: me.cookie },
      });
    }
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: `/api/no-such-route/${ids[0]}` });

    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(text).toContain('# TYPE candor_http_request_duration_seconds histogram');
    const route = { method: 'GET', route: '/api/interview/sets/:id', status: '404' };
    expect(sample(text, 'candor_http_request_duration_seconds_count', route)).toBe(3);
    expect(
      sample(text, 'candor_http_request_duration_seconds_bucket', { ...route, le: '+Inf' }),
    ).toBe(3);
    expect(
      sample(text, 'candor_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status: '200',
      }),
    ).toBe(1);
    expect(sample(text, 'candor_http_request_duration_seconds_count', { route: 'unmatched' })).toBe(
      1,
    );
    for (const id of ids) expect(text).not.toContain(id);
  });

  it('reads attempts in progress and reports pending and failed from the database', async () => {
    const me = await signUpCandidate(ctx.app);
    await giveHistory(ctx.database.db, me.userId);
    // giveHistory leaves one attempt in progress and one completed report; add a failed one.
    const other = await signUpCandidate(ctx.app);
    const more = await giveHistory(ctx.database.db, other.userId);
    await ctx.database.db
      .update(reports)
      .set({ status: 'failed' })
      .where(eq(reports.interviewId, more.completed));

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(text, 'candor_attempts_in_progress')).toBe(2);
    expect(sample(text, 'candor_reports', { status: 'failed' })).toBe(1);
    expect(sample(text, 'candor_reports', { status: 'completed' })).toBe(1);
    expect(sample(text, 'candor_reports', { status: 'pending' })).toBe(0);
    if (kind === 'postgres') {
      expect(sample(text, 'candor_db_pool_connections', { state: 'max' })).toBe(5);
      expect(sample(text, 'candor_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(
        0,
      );
    }
  });
});

describe('a live interview on a metered server', () => {
  it('shows its socket, its answers, the wait for first words and the model calls', async () => {
    const ctx = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    try {
      const scrape = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: { authorization: `Bearer ${TOKEN}` },
          })
        ).body;
      const { cookie } = await signUpCandidate(ctx.app, { firstName: 'Zoë' });
      const { id } = await createAttempt(ctx.app, cookie, { topics: ['Caching'], duration: 30 });
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const live = await LiveClient.connect(ctx.app, id, cookie);
      live.start();
      await live.next('reply.end');
      await live.answer('Okay, so I would put a cache in front of the database and expire keys.');
      await live.answer('Then I would measure the hit rate before tuning anything else.');
      let text = await scrape();
      // No report yet: the report workers start with the first one (decision 052).
      expect(sample(text, 'candor_report_workers', { state: 'started' })).toBe(0);
      expect(sample(text, 'candor_live_sockets_open')).toBe(1);
      expect(sample(text, 'candor_answers_stored_total')).toBe(2);
      expect(sample(text, 'candor_reply_first_token_seconds_count')).toBe(2);
      // The introduction and two replies, all from the builtin interviewer.
      expect(
        sample(text, 'candor_ai_calls_total', { provider: 'builtin', outcome: 'ok' }),
      ).toBeGreaterThanOrEqual(3);
      live.send({ type: 'end', early: true });
      await live.next('ended');
      await waitForReport(ctx.app, cookie, id);
      // Its report was made by a worker, which stays for the next one, idle.
      text = await scrape();
      expect(sample(text, 'candor_report_workers', { state: 'started' })).toBe(1);
      expect(sample(text, 'candor_report_workers', { state: 'busy' })).toBe(0);
      expect(sample(text, 'candor_report_workers', { state: 'waiting' })).toBe(0);
      live.close();
      for (let i = 0; i < 50 && sample(text, 'candor_live_sockets_open') !== 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
        text = await scrape();
      }
      expect(sample(text, 'candor_live_sockets_open')).toBe(0);
    } finally {
      await ctx.close();
    }
  });
});

describe('the metrics API services call', () => {
  it('reads the report workers of this process: a backlog shows as waiting', async () => {
    const metrics = createMetrics({
      enabled: true,
      sources: { reportWorkers: () => ({ workers: 1, busy: 1, waiting: 3 }) },
    });
    const text = (await metrics.render())!.body;
    expect(sample(text, 'candor_report_workers', { state: 'started' })).toBe(1);
    expect(sample(text, 'candor_report_workers', { state: 'busy' })).toBe(1);
    expect(sample(text, 'candor_report_workers', { state: 'waiting' })).toBe(3);
  });

  it('records answers, first reply tokens and AI calls by provider and outcome', async () => {
    const metrics = createMetrics({ enabled: true });
    metrics.answerStored();
    metrics.answerStored();
    metrics.firstReplyToken(420);
    metrics.aiCall('openai', 1200, true);
    metrics.aiCall('openai', 30000, false);
    metrics.aiCall('builtin', 3, true);
    metrics.liveSocketOpened();
    metrics.liveSocketOpened();
    metrics.liveSocketClosed();
    const text = (await metrics.render())!.body;
    expect(sample(text, 'candor_answers_stored_total')).toBe(2);
    expect(sample(text, 'candor_reply_first_token_seconds_count')).toBe(1);
    expect(sample(text, 'candor_reply_first_token_seconds_bucket', { le: '0.5' })).toBe(1);
    expect(sample(text, 'candor_reply_first_token_seconds_bucket', { le: '0.25' })).toBe(0);
    expect(sample(text, 'candor_ai_calls_total', { provider: 'openai', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'candor_ai_calls_total', { provider: 'openai', outcome: 'failed' })).toBe(
      1,
    );
    expect(sample(text, 'candor_ai_call_duration_seconds_count', { provider: 'openai' })).toBe(2);
    expect(sample(text, 'candor_ai_call_duration_seconds_sum', { provider: 'openai' })).toBe(31.2);
    expect(sample(text, 'candor_live_sockets_open')).toBe(1);
  });

  it('measures nothing when off', async () => {
    const metrics = createMetrics({ enabled: false });
    metrics.answerStored();
    expect(await metrics.render()).toBeNull();
  });
});
