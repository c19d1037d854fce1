import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertSet, startLive, waitForReport } from '../../test/interviews';
import { ORIGIN, signUpCandidate, type SignedIn } from '../../test/users';
import Fastify from 'fastify';
import { chooseEncoding, COMPRESS_FROM_BYTES, registerCompression } from './compression';

/*
 * Issue 32: a phone at 1.6 Mbit/s waits for every byte of the JSON its first paint needs (a
 * report's is tens of KB). Answers are compressed when the browser says it takes Brotli or gzip,
 * and sent as they are to a client that does not.
 */

describe('the encoding chosen from Accept-Encoding', () => {
  it('prefers Brotli, then gzip, and respects a refusal', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br;q=nonsense, gzip')).toBe('gzip');
  });
});

describe('an answer carrying a secret minted for the request', () => {
  it('is sent plain, however large, beside one that is compressed', async () => {
    // What the request sent comes back beside the secret: the pairing BREACH reads a secret from.
    const app = Fastify();
    registerCompression(app);
    const answer = (request: { query: unknown }) => ({
      echoed: request.query,
      token: 'x'.repeat(43),
      padding: 'p'.repeat(2 * COMPRESS_FROM_BYTES),
    });
    app.get('/minted', { config: { secretInAnswer: true } }, answer);
    app.get('/ordinary', answer);
    try {
      const ask = (url: string) =>
        app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      const minted = await ask('/minted?guess=token%3Dxxx');
      expect(minted.statusCode).toBe(200);
      expect(minted.headers['content-encoding']).toBeUndefined();
      expect(minted.json().token).toHaveLength(43);
      expect((await ask('/ordinary?guess=token%3Dxxx')).headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
    }
  });
});

describe.each(databaseKinds())('API answers on the wire, on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  const get = (url: string, who: SignedIn, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: who.cookie,
        origin: ORIGIN,
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
      },
    });

  async function finishedReport() {
    const who = await signUpCandidate(ctx.app, { firstName: 'Compressed' });
    const setId = await insertSet(ctx.database.db, {
      type: 'fixed',
      duration: 10,
      questions: [{ questionText: 'What is a closure?' }],
    });
    const { id, live } = await startLive(ctx.app, who.cookie, { interviewSetId: setId });
    await live.next('reply.end');
    await live.answer(
      'A closure is a function that keeps access to the variables of the scope it was created in, even after that scope has returned, for example a counter factory.',
    );
    live.send({ type: 'end' });
    await live.next('ended');
    live.close();
    await waitForReport(ctx.app, who.cookie, id);
    return { who, url: `/api/report/interview/${id}` };
  }

  it('a report comes back Brotli or gzip when asked, and plain when not', async () => {
    const { who, url } = await finishedReport();
    const plain = await get(url, who);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const report = plain.json();
    expect(report.status).not.toBe('pending');

    const br = await get(url, who, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(report);

    const gz = await get(url, who, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(report);

    const refused = await get(url, who, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toEqual(report);
  });

  it('leaves small answers and the sign-in portal’s own answers plain', async () => {
    const who = await signUpCandidate(ctx.app, { firstName: 'Small' });
    const health = await get('/api/health', who, 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();

    // better-auth's answers carry the session token: never compressed (compression.ts says why).
    const session = await get('/api/auth/get-session', who, 'br, gzip');
    expect(session.statusCode).toBe(200);
    expect(session.headers['content-encoding']).toBeUndefined();
  });

  it('a real client over HTTP reads a compressed answer as the plain one', async () => {
    const { who, url } = await finishedReport();
    const plain = (await get(url, who)).json();
    // Node's fetch asks for gzip by itself, and undoes Brotli too when a browser's header is sent.
    for (const [acceptEncoding, encoding] of [
      [undefined, 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
    ] as const) {
      const res = await fetch(`${ctx.url}${url}`, {
        headers: {
          cookie: who.cookie,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(await res.json()).toEqual(plain);
    }
  });
});
