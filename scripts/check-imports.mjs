// `npm run lint` (after ESLint): no import cycle in the server, the web app or the shared package
// (issue 26). Each file's imports are read with TypeScript's parser and resolved as the compiler
// resolves them (the web app's `@/` included); type-only imports are left out, since they vanish
// at run time. A cycle is printed file by file and fails the run.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repo = path.resolve(import.meta.dirname, '..');
const PROJECTS = ['apps/server', 'apps/web', 'packages/shared'];
const SOURCE = /\.(ts|tsx)$/;
const SKIP = /(\.test\.tsx?|\.d\.ts)$/;

/** Every source file below a folder, tests and declarations aside. */
function filesIn(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...filesIn(full));
    } else if (SOURCE.test(entry.name) && !SKIP.test(entry.name)) out.push(full);
  }
  return out;
}

/** The compiler options of a project, for resolving its imports as tsc does. */
function optionsOf(project) {
  const file = path.join(repo, project, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(file)).options;
}

/** Module specifiers a file imports for its values: static, re-exports and import(). */
export function valueImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const out = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The import graph of the projects: file → files it imports (inside the repository). */
export function importGraph(projects = PROJECTS) {
  const graph = new Map();
  for (const project of projects) {
    const options = optionsOf(project);
    for (const file of filesIn(path.join(repo, project, 'src'))) {
      const edges = new Set();
      for (const spec of valueImports(file, fs.readFileSync(file, 'utf8'))) {
        const resolved = ts.resolveModuleName(spec, file, options, ts.sys).resolvedModule;
        const to = resolved?.resolvedFileName;
        if (to && !resolved.isExternalLibraryImport && !to.includes('node_modules')) {
          edges.add(path.resolve(to));
        }
      }
      graph.set(path.resolve(file), edges);
    }
  }
  return graph;
}

/** The cycles of a graph: its strongly connected components of more than one file (Tarjan). */
export function cyclesOf(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const cycles = [];
  const connect = (v) => {
    meta.set(v, { index, low: index, onStack: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!meta.has(w)) {
        connect(w);
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).low);
      } else if (meta.get(w).onStack) {
        meta.get(v).low = Math.min(meta.get(v).low, meta.get(w).index);
      }
    }
    if (meta.get(v).low === meta.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        meta.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!meta.has(v)) connect(v);
  return cycles;
}

/**
 * The server's capabilities as nodes: a file belongs to `modules/<name>`, `platform/<name>` or to
 * its top folder under src/ (`ai`, `db`, `engine`…), a file directly in src/ to itself. Two capabilities that import each other, through any files,
 * are one tangle even when no single file cycle exists.
 */
export function capabilityOf(file) {
  const rel = path.relative(path.join(repo, 'apps/server/src'), file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(path.sep);
  // A file directly in src/ (app.ts, config.ts, errors.ts) is a node of its own: the app
  // composes the capabilities, and they all read the configuration.
  if (parts.length === 1) return parts[0];
  // modules/ holds one folder per capability and platform/ one per piece of shared
  // infrastructure (auth, cache, http, ops…): each sub-folder is a node of its own.
  const grouped = (parts[0] === 'modules' || parts[0] === 'platform') && parts.length > 2;
  return grouped ? `${parts[0]}/${parts[1]}` : parts[0];
}

export function capabilityGraph(graph) {
  const out = new Map();
  for (const [file, edges] of graph) {
    const from = capabilityOf(file);
    if (!from) continue;
    if (!out.has(from)) out.set(from, new Set());
    for (const to of edges) {
      const into = capabilityOf(to);
      if (into && into !== from) out.get(from).add(into);
    }
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const graph = importGraph();
  const problems = [
    ...cyclesOf(graph).map((c) => c.map((f) => path.relative(repo, f))),
    ...cyclesOf(capabilityGraph(graph)).map((c) =>
      c.map((name) => `apps/server/src/${name}${name.endsWith('.ts') ? '' : '/'}`),
    ),
  ];
  if (problems.length === 0) {
    console.log(
      `check-imports: ${graph.size} files, no import cycle between files or server folders`,
    );
  } else {
    console.error(`check-imports: ${problems.length} import cycle(s):`);
    for (const cycle of problems) console.error(`  ${cycle.join('\n    ⇄ ')}`);
    process.exit(1);
  }
}
