import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { memoryMailer, testConfig, buildTestApp } from '../../test/harness';

/**
 * How the built app reaches a phone (issue 32): pages that ask for their portal's session check
 * before their script has arrived, hashed assets kept for a year, and the build's compressed
 * copies sent to a browser that takes them. A stand-in build is served the way the product serves
 * apps/web/dist.
 */

let webDir: string;
let database: Database;
let app: App;
const SCRIPT = `console.log(${JSON.stringify('a phone '.repeat(200))});\n`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><head><title>Candor</title></head><body></body>',
  );
  // The build's manifest: the main script and its kit, and a report's screens with their chunks.
  fs.mkdirSync(path.join(webDir, '.vite'));
  fs.writeFileSync(
    path.join(webDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_kit.js'] },
      '_kit.js': { file: 'assets/kit-k1.js' },
      '_icons.js': { file: 'assets/icons-i1.js', imports: ['_kit.js'] },
      '_report.js': { file: 'assets/report-p1.js', imports: ['_get-report.js', 'index.html'] },
      '_get-report.js': { file: 'assets/get-report-g1.js' },
      'src/app/candidate-layout.tsx': {
        file: 'assets/candidate-layout-c1.js',
        isDynamicEntry: true,
        imports: ['_kit.js', 'index.html', '_icons.js'],
      },
      'src/app/routes/report-route.tsx': {
        file: 'assets/report-route-r1.js',
        isDynamicEntry: true,
        imports: ['_icons.js', '_report.js'],
      },
    }),
  );
  const script = path.join(webDir, 'assets', 'index-abc123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  database = await openDatabase({});
  await database.migrate();
  app = await buildTestApp({
    config: testConfig({ SERVE_WEB: 'true' }),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    mailer: memoryMailer(),
    webDir,
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('a page of the app', () => {
  const preloads = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return String(res.headers.link)
      .split(', ')
      .map((link) => {
        expect(link, url).toMatch(/^<[^>]+>; rel=preload; as=fetch; crossorigin=use-credentials$/);
        return link.slice(1, link.indexOf('>'));
      });
  };

  it("preloads its portal's session check", async () => {
    for (const [url, portal] of [
      ['/login', 'auth'],
      ['/history', 'auth'],
      ['/administrator-notes', 'auth'],
      ['/admin', 'admin-auth'],
      ['/admin/candidates', 'admin-auth'],
      ['/admin?from=mail', 'admin-auth'],
    ] as const) {
      expect(await preloads(url), url).toEqual([`/api/${portal}/session-profile`]);
    }
  });

  it('preloads the first reads of the screens people open cold, after the session check', async () => {
    const id = '0c27cc28-7fa5-4903-950d-15bb76bd20b3';
    expect(await preloads('/')).toEqual([
      '/api/auth/session-profile',
      '/api/interview/quick-practice',
      '/api/user/stats',
      '/api/interview?status=completed&page=1&limit=3',
    ]);
    expect(await preloads(`/reports/${id}`)).toEqual([
      '/api/auth/session-profile',
      `/api/report/interview/${id}`,
      `/api/interview/${id}`,
      `/api/interview/${id}/recordings`,
    ]);
    expect(await preloads('/admin/dashboard')).toEqual([
      '/api/admin-auth/session-profile',
      '/api/admin/analytics',
      '/api/admin/analytics/usage?days=30',
    ]);
    // The live interview reopened by its address: its set, the attempt, who recognises speech.
    const attempt = '5a5608f1-d44c-44bd-8a78-3bd4a7c0c3b5';
    expect(await preloads(`/interview/${id}?attempt=${attempt}&typed=1`)).toEqual([
      '/api/auth/session-profile',
      `/api/interview/sets/${id}`,
      `/api/interview/${attempt}`,
      '/api/interview/speech',
    ]);
    // An address that is not an id preloads nothing of its own (nor puts its text in a header).
    expect(await preloads('/reports/%3E%2C%20%3Cx')).toEqual(['/api/auth/session-profile']);
    expect(await preloads(`/interview/${id}?attempt=%3E%2C%20%3Cx`)).toEqual([
      '/api/auth/session-profile',
    ]);
  });
});

describe("a page's screen code", () => {
  const modulePreloads = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return [...res.body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
  };

  it('is listed in the page: the screens and their chunks, less what the page loads already', async () => {
    const id = '0c27cc28-7fa5-4903-950d-15bb76bd20b3';
    expect(await modulePreloads(`/reports/${id}`)).toEqual([
      '/assets/candidate-layout-c1.js',
      '/assets/report-route-r1.js',
      '/assets/icons-i1.js',
      '/assets/report-p1.js',
      '/assets/get-report-g1.js',
    ]);
    // Inside the head, before the page's body.
    const page = (await app.inject({ method: 'GET', url: `/reports/${id}` })).body;
    expect(page.indexOf('modulepreload')).toBeLessThan(page.indexOf('</head>'));
  });

  it('is not listed for a screen people do not open cold, or one the build does not name', async () => {
    expect(await modulePreloads('/history')).toEqual([]);
    expect(await modulePreloads('/reports/not-an-id')).toEqual([]);
    // firstScreens names /login, but this build's manifest has no such module.
    expect(await modulePreloads('/login')).toEqual([]);
  });
});

describe('a hashed asset', () => {
  it('is kept by browsers for a year and sent compressed when the browser takes it', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('is not kept when it is the page itself (a new build must reach the next visit)', async () => {
    const res = await app.inject({ method: 'GET', url: '/practice' });
    expect(res.headers['cache-control']).not.toContain('immutable');
  });
});
