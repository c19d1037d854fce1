import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The boundaries are the folders (issue 26): a scratch import from every web feature into another
 * fails lint, and so does one from a feature folder this test creates, which no list names.
 */
const repo = path.resolve(import.meta.dirname, '..');
const features = path.join(repo, 'apps/web/src/features');
const eslint = new ESLint({ cwd: repo });
const made = [];

afterAll(() => {
  for (const p of made.reverse()) fs.rmSync(p, { recursive: true, force: true });
});

/** Lints a file written at `file` (inside the repository) and returns its rule ids. */
async function ruleIdsOf(file, code) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, code);
  made.push(file);
  const [result] = await eslint.lintFiles([file]);
  return result.messages.map((m) => m.ruleId);
}

const existing = fs
  .readdirSync(features, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('feature boundaries, by folder', () => {
  it('knows more than a handful of features (the glob found them)', () => {
    expect(existing.length).toBeGreaterThan(10);
  });

  it.each(existing)('an import from %s into another feature fails lint', async (feature) => {
    const other = existing.find((f) => f !== feature);
    const tag = crypto.randomBytes(4).toString('hex');
    const file = path.join(features, feature, `scratch-${tag}.ts`);
    const ids = await ruleIdsOf(
      file,
      `import * as other from '@/features/${other}/scratch';\nimport * as rel from '../${other}/x';\nexport const both = [other, rel];\n`,
    );
    expect(ids.filter((id) => id === 'candor/folder-boundaries')).toHaveLength(2);
  });

  it('guards a feature folder made today, which no list names, in both directions', async () => {
    const name = `scratch-feature-${crypto.randomBytes(4).toString('hex')}`;
    made.push(path.join(features, name));
    const out = await ruleIdsOf(
      path.join(features, name, 'index.ts'),
      `export { x } from '@/features/${existing[0]}/x';\n`,
    );
    expect(out).toContain('candor/folder-boundaries');
    const into = await ruleIdsOf(
      path.join(features, existing[0], `scratch-${name}.ts`),
      `export const y = import('../${name}/index');\n`,
    );
    expect(into).toContain('candor/folder-boundaries');
  });

  it('lets a feature import itself, shared code and the app', async () => {
    const file = path.join(
      features,
      existing[0],
      `scratch-own-${crypto.randomBytes(4).toString('hex')}.ts`,
    );
    const ids = await ruleIdsOf(
      file,
      `import { LIMITS } from '@candor/shared';\nimport * as own from './api/x';\nimport * as ui from '@/components/ui/button';\nexport const all = [LIMITS, own, ui];\n`,
    );
    expect(ids).not.toContain('candor/folder-boundaries');
  });
});

const modules = path.join(repo, 'apps/server/src/modules');
const serverModules = fs
  .readdirSync(modules, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('server module boundaries, by folder', () => {
  it('knows the server modules (the glob found them)', () => {
    expect(serverModules.length).toBeGreaterThan(15);
  });

  it.each(serverModules)(
    "an import from %s into another module's insides fails lint; its index.ts passes",
    async (name) => {
      const other = serverModules.find((m) => m !== name);
      const file = path.join(modules, name, `scratch-${crypto.randomBytes(4).toString('hex')}.ts`);
      const ids = await ruleIdsOf(
        file,
        `import * as inside from '../${other}/service';\nimport * as surface from '../${other}';\nimport * as index from '../${other}/index';\nexport const all = [inside, surface, index];\n`,
      );
      expect(ids.filter((id) => id === 'candor/folder-boundaries')).toHaveLength(1);
    },
  );

  it('guards a module folder made today, in both directions', async () => {
    const name = `scratch-module-${crypto.randomBytes(4).toString('hex')}`;
    made.push(path.join(modules, name));
    const out = await ruleIdsOf(
      path.join(modules, name, 'service.ts'),
      `export { x } from '../${serverModules[0]}/service';\n`,
    );
    expect(out).toContain('candor/folder-boundaries');
    const into = await ruleIdsOf(
      path.join(modules, serverModules[0], `scratch-${name}.ts`),
      `export const y = import('../${name}/service');\n`,
    );
    expect(into).toContain('candor/folder-boundaries');
  });
});
