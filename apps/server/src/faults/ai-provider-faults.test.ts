import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ServerFrame } from '@candor/shared';
import { MESSAGES } from '../engine/messages';
import { insertSet } from '../test/interviews';
import { databaseKinds, useStarted, useTestApp } from '../test/harness';
import { startFaultyModelHost, type Fault } from '../test/faulty-model-host';
import { LiveClient } from '../test/live-client';
import { signUpCandidate } from '../test/users';
import { AUTH_SECRET, conversationOf, createAttemptOver, finalReport } from './support';

/**
 * Issue 7, fault 3: the AI provider misbehaves under load: no answer (timeouts), HTTP 500s,
 * garbage (an HTML page, an event stream of non-JSON, JSON of the wrong structure, a stream cut
 * in the middle). Interviews carry on (a failed turn is the apology, the next turn works), and
 * every completed attempt still gets a report (the builtin evaluator stands in for a failed one).
 * The model host is a local stand-in speaking the OpenAI protocol behind a fault-injecting proxy.
 */

const FIXED = 6;
const TOPIC = 6;
const TOPIC_TURNS = 4;
/** Every request takes the next fault of this cycle; a third of them succeed. */
const CYCLE: Fault[] = [
  'hang',
  'ok',
  'http-500',
  'garbage-html',
  'ok',
  'garbage-sse',
  'garbage-json',
  'ok',
  'truncated',
];

describe.each(databaseKinds())('AI provider faults under load on %s', (kind) => {
  const host = useStarted(async () => {
    const started = await startFaultyModelHost();
    started.decide = (_kind, n) => CYCLE[(n - 1) % CYCLE.length]!;
    return started;
  });
  const ctx = useTestApp(
    kind,
    () => ({
      AI_PROVIDER: 'openai',
      AI_BASE_URL: host.url,
      AI_API_KEY: 'sk-fault-suite',
      AI_MODEL: 'fake-model',
      AI_TIMEOUT_MS: '1000',
      SIGN_IN_RATE_LIMIT: '1000',
    }),
    { secret: AUTH_SECRET, listen: true, logLevel: 'warn' },
  );

  it('carries every interview on and gives every completed attempt a report', async () => {
    const fixedSet = await insertSet(ctx.database.db, {
      type: 'fixed',
      questions: [
        { questionText: 'What is a cache?', expectedAnswer: 'Copies of data near their use.' },
        { questionText: 'What is a CDN?', expectedAnswer: 'Caches at the network edge.' },
        { questionText: 'What is an index?', expectedAnswer: null },
      ],
    });
    const topicSet = await insertSet(ctx.database.db, {
      type: 'topic-based',
      topics: ['Caching'],
      duration: 60,
    });

    let failedTurns = 0;
    let goodTurns = 0;
    const attempts = await Promise.all(
      Array.from({ length: FIXED + TOPIC }, async (_, i) => {
        const fixed = i < FIXED;
        const { cookie } = await signUpCandidate(ctx.url, {
          firstName: `Ai${String.fromCharCode(65 + i)}`,
        });
        const id = await createAttemptOver(ctx.url, cookie, fixed ? fixedSet : topicSet);
        const live = await LiveClient.connect(ctx.url, id, cookie);
        live.start();
        expect(await live.nextOrClose('state')).not.toBeNull();
        const intro = await live.nextOrClose('reply.end');
        expect(intro?.message.speaker).toBe('AI');
        const acks: { id: string; seq: number }[] = [];
        for (let turn = 0; turn < (fixed ? 3 : TOPIC_TURNS); turn++) {
          const answerId = crypto.randomUUID();
          live.send({
            type: 'answer',
            id: answerId,
            text: `Caches keep copies of data close to where it is used (${turn}).`,
            mode: 'typed',
          });
          const ack = (await live.nextOrClose(
            (f) => (f.type === 'ack' || f.type === 'error') && 'id' in f && f.id === answerId,
          )) as Extract<ServerFrame, { type: 'ack' | 'error' }> | null;
          expect(ack?.type).toBe('ack');
          acks.push({ id: answerId, seq: (ack as Extract<ServerFrame, { type: 'ack' }>).seq });
          const reply = await live.nextOrClose('reply.end');
          expect(reply?.message.speaker).toBe('AI');
          if (reply!.message.meta?.failed) {
            expect([MESSAGES.turnFailure, MESSAGES.emptyReply]).toContain(reply!.message.message);
            failedTurns += 1;
          } else {
            goodTurns += 1;
          }
        }
        if (fixed)
          expect(await live.nextOrClose('completed')).toMatchObject({
            reason: 'questions-exhausted',
          });
        live.send({ type: 'end', early: !fixed });
        expect(await live.nextOrClose('ended')).toMatchObject({ reportStatus: 'pending' });
        live.close();
        return { id, cookie, acks };
      }),
    );

    const providers: string[] = [];
    for (const { id, cookie, acks } of attempts) {
      const { conversation, status } = await conversationOf(ctx.url, cookie, id);
      expect(status).toBe('completed');
      expect(conversation.map((m) => m.seq)).toEqual(conversation.map((_, i) => i + 1));
      for (const a of acks) expect(conversation.find((m) => m.id === a.id)?.seq).toBe(a.seq);
      const report = await finalReport(ctx.url, cookie, id);
      expect(report.status).toBe('completed');
      providers.push(report.provider ?? '');
    }

    // The faults really happened, and both kinds of report were written.
    expect(failedTurns).toBeGreaterThan(0);
    expect(goodTurns).toBeGreaterThan(0);
    expect(providers).toContain('builtin');
    expect(providers).toContain('openai');
    for (const fault of CYCLE) expect(host.counts[fault]).toBeGreaterThan(0);
    expect(ctx.logs.some((l) => l.msg === 'unhandled error')).toBe(false);
    console.info(
      `[faults] AI provider on ${kind}: ${attempts.length} attempts, ${host.requests.chat} turns and ` +
        `${host.requests.report} report calls to the model host (${JSON.stringify(host.counts)}), ` +
        `${failedTurns} turns answered with the apology, ${providers.filter((p) => p === 'builtin').length} reports by the builtin fallback`,
    );
  }, 90_000);
});
