import path from 'node:path';

/**
 * A lint rule that guards folders by their place, not by a list: a file inside `<root>/<name>/`
 * may import nothing inside `<root>/<other>/`, whatever the names are, so a folder created
 * tomorrow is guarded the day it is created (issue 26). `roots` are folders relative to the
 * repository; an import is resolved from `@/` (the web app's alias for its src/) or a relative
 * path. `allow` names files of a folder others may import (its public surface), e.g. `index.ts`.
 */
const repo = path.resolve(import.meta.dirname, '..');

/** The folder (under one of the roots) a path lies in: its root and name, or null. */
function folderOf(file, roots) {
  for (const root of roots) {
    const rel = path.relative(path.join(repo, root), file);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) {
      const [name, ...rest] = rel.split(path.sep);
      if (rest.length > 0) return { root, name, rest: rest.join('/') };
    }
  }
  return null;
}

/** Where an import specifier points on disk, or null for a package. */
function target(spec, file) {
  if (spec.startsWith('@/')) {
    const src = file.split(`${path.sep}src${path.sep}`)[0];
    return path.join(`${src}${path.sep}src`, spec.slice(2));
  }
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  return null;
}

export const folderBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: {
          roots: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
          message: { type: 'string' },
        },
        additionalProperties: false,
      },
    ],
    messages: { crossed: '{{from}} imports {{to}}: {{why}}' },
  },
  create(context) {
    const {
      roots = [],
      allow = [],
      message = 'these folders never import each other',
    } = context.options[0] ?? {};
    const file = path.resolve(context.filename);
    const own = folderOf(file, roots);
    if (!own) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      const to = target(spec, file);
      const other = to && folderOf(to, roots);
      if (!other || (other.root === own.root && other.name === own.name)) return;
      if (allow.some((name) => other.rest === name || other.rest.startsWith(`${name}.`))) return;
      context.report({
        node,
        messageId: 'crossed',
        data: { from: `${own.root}/${own.name}`, to: `${other.root}/${other.name}`, why: message },
      });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
