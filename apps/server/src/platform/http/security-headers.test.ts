import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { memoryMailer, testConfig, buildTestApp } from '../../test/harness';

/**
 * Issue 12, finding 12: no Permissions-Policy, and the web build's source maps served to anyone.
 * A stand-in build (index.html, a script and its map) is served the way the product serves
 * apps/web/dist.
 */

let webDir: string;
let database: Database;
const apps: App[] = [];

async function appServing(overrides: Record<string, string> = {}) {
  const app = await buildTestApp({
    config: testConfig({ SERVE_WEB: 'true', ...overrides }),
    database,
    secret: 'test-secret-test-secret-test-secret-0123',
    mailer: memoryMailer(),
    webDir,
  });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Candor</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1);\n');
  fs.writeFileSync(
    path.join(webDir, 'assets', 'index-abc123.js.map'),
    JSON.stringify({ version: 3, sources: ['src/secret-logic.ts'], mappings: '' }),
  );
  database = await openDatabase({});
  await database.migrate();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('Permissions-Policy', () => {
  it('allows the microphone to our own pages only and denies camera, location and the like', async () => {
    const app = await appServing();
    for (const url of ['/login', '/api/health']) {
      const policy = (await app.inject({ method: 'GET', url })).headers['permissions-policy'];
      expect(policy, url).toBeDefined();
      const rules = new Map(
        String(policy)
          .split(',')
          .map((r) => r.trim().split('=') as [string, string]),
      );
      expect(rules.get('microphone')).toBe('(self)');
      for (const denied of ['camera', 'geolocation', 'payment', 'usb', 'display-capture'])
        expect(rules.get(denied), denied).toBe('()');
    }
  });
});

describe('source maps', () => {
  it('are not served, while the scripts and pages are', async () => {
    const app = await appServing();
    expect((await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(
      200,
    );
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret-logic');
    // Nor does the page fallback answer for a map that is not there.
    expect((await app.inject({ method: 'GET', url: '/theme-init.js.map' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/practice' })).statusCode).toBe(200);
  });

  it('are served when SERVE_SOURCE_MAPS is set, for debugging', async () => {
    const app = await appServing({ SERVE_SOURCE_MAPS: 'true' });
    const map = await app.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret-logic');
  });
});
