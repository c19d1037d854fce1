import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilityGraph, cyclesOf, valueImports } from './check-imports.mjs';

const graphOf = (edges) => new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('the import-cycle check', () => {
  it('finds every cycle, long or short, and nothing in a tree', () => {
    expect(cyclesOf(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
    expect(cyclesOf(graphOf({ a: ['b'], b: ['a'], c: ['a'] }))).toEqual([['a', 'b']]);
    expect(cyclesOf(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['d'] }))).toEqual([
      ['a', 'b', 'c'],
      ['d'],
    ]);
  });

  it('reads value imports, re-exports and import(), and leaves type-only imports out', () => {
    const code = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "import { type D, d } from './d';",
      "export { e } from './e';",
      "export type { F } from './f';",
      "const g = () => import('./g');",
    ].join('\n');
    expect(valueImports('x.ts', code)).toEqual(['./a', './d', './e', './g']);
  });

  it('sees two server folders that import each other through different files', () => {
    const src = path.resolve(import.meta.dirname, '../apps/server/src');
    const file = (p) => path.join(src, p);
    const graph = graphOf({
      [file('ai/prompt.ts')]: [file('tailored/extract.ts')],
      [file('tailored/model.ts')]: [file('ai/client.ts')],
      [file('tailored/extract.ts')]: [],
      [file('ai/client.ts')]: [],
      [file('modules/reports/service.ts')]: [file('ai/client.ts')],
    });
    expect(cyclesOf(graph)).toEqual([]);
    expect(cyclesOf(capabilityGraph(graph))).toEqual([['ai', 'tailored']]);
  });

  it('treats each platform/ and modules/ sub-folder as its own node', () => {
    const src = path.resolve(import.meta.dirname, '../apps/server/src');
    const file = (p) => path.join(src, p);
    // db uses ops's file modes and auth uses db: no cycle, though both are under platform/.
    const apart = graphOf({
      [file('db/client.ts')]: [file('platform/ops/file-modes.ts')],
      [file('platform/auth/auth.ts')]: [file('db/client.ts')],
      [file('platform/ops/file-modes.ts')]: [],
    });
    expect(cyclesOf(capabilityGraph(apart))).toEqual([]);
    // Two capabilities that reach into each other are one tangle.
    const tangled = graphOf({
      [file('modules/turns/runner.ts')]: [file('modules/credits/service.ts')],
      [file('modules/credits/service.ts')]: [file('modules/turns/claims.ts')],
      [file('modules/turns/claims.ts')]: [],
    });
    expect(cyclesOf(capabilityGraph(tangled))).toEqual([['modules/credits', 'modules/turns']]);
  });
});
