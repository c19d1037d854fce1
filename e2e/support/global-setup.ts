import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, type StartedProcess } from '../../apps/server/src/test/processes';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { startProductionServer } from './production-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    mailFile: string;
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
let server: StartedProcess<true> | undefined;
let mail: MailCatcher | undefined;
let tmp = '';

/**
 * Starts the production build (`npm run build` ran before) on a fresh data directory with a local
 * SMTP server, so the specs exercise exactly what `npm start` serves.
 */
export async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
    throw new Error('Build first: npm run build (npm run test:e2e does it)');
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'candor-e2e-'));
  const mailFile = path.join(tmp, 'mails.jsonl');
  mail = await startMailCatcher(mailFile);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const adminEmail = 'admin@e2e.test';
  const adminPassword = 'AdminPass1!';
  server = startProductionServer({
    port,
    dataDir: tmp,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      AI_PROVIDER: 'builtin',
    },
  });
  await server.ready;
  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('mailFile', mailFile);
  project.provide('dataDir', tmp);
}

export async function teardown() {
  await server?.stop();
  await mail?.close();
  if (tmp && !process.env.KEEP_E2E_DATA) fs.rmSync(tmp, { recursive: true, force: true });
}
