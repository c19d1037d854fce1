/**
 * Where a signed-in page's main-thread time goes, by original source file and function: loads the
 * page in Chromium with the CPU slowed 4× (as Lighthouse's mobile run does), records a CPU profile
 * and maps each sample's self time back through the build's source maps. Run after `npm run build`:
 *   npx tsx e2e/tools/profile-page.ts /            # the candidate dashboard, with a report
 *   npx tsx e2e/tools/profile-page.ts report       # that report
 */
import fs from 'node:fs';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { availableSets, completeFixedInterview } from '../support/api';
import { launchBrowser, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { startServer } from '../support/server';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const assets = path.resolve(import.meta.dirname, '../../apps/web/dist/assets');
const maps = new Map<string, TraceMap | null>();
function traceMap(url: string): TraceMap | null {
  const file = url.split('/assets/')[1];
  if (!file) return null;
  if (!maps.has(file)) {
    const p = path.join(assets, `${file}.map`);
    maps.set(file, fs.existsSync(p) ? new TraceMap(fs.readFileSync(p, 'utf8')) : null);
  }
  return maps.get(file) ?? null;
}

function where(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(program)';
  const map = traceMap(frame.url);
  if (!map)
    return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^https?:\/\/[^/]+/, '')}`;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (pos.source ?? '?').replace(/.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${pos.name ?? frame.functionName ?? '(anonymous)'} ${source}`;
}

const target = process.argv[2] ?? '/';
const server = await startServer();
const browser = await launchBrowser();
try {
  // A phone's viewport, as Lighthouse's mobile run uses.
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 412, height: 823 },
  });
  // tsx names the functions it compiles with a helper the page lacks (page.evaluate of flows).
  await context.addInitScript('globalThis.__name = (f) => f;');
  const page = await context.newPage();
  await signUpThroughUi(page, newCandidate(uniqueEmail('profile')));
  const set = (await availableSets(page)).find((s) => s.type === 'fixed')!;
  const { id } = await completeFixedInterview(page, set, [
    'I would start with the requirements, then measure, then change one thing at a time.',
  ]);
  const url = target === 'report' ? `/reports/${id}` : target;
  const cdp = await context.newCDPSession(page);
  await page.goto('about:blank');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfMs = new Map<string, number>();
  const byFile = new Map<string, number>();
  profile.samples.forEach((nodeId, i) => {
    const node = byId.get(nodeId);
    if (!node) return;
    const key = where(node.callFrame);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
    const file = key.split(' ').slice(1).join(' ') || key;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  });
  // A timeline: for each 100 ms of busy main thread, the original files that took it.
  const windows = new Map<number, Map<string, number>>();
  let clock = 0;
  profile.samples.forEach((nodeId, i) => {
    clock += (profile.timeDeltas[i] ?? 0) / 1000;
    const node = byId.get(nodeId);
    if (!node || /^\((idle|program)\)/.test(node.callFrame.functionName)) return;
    const file = where(node.callFrame).split(' ').slice(1).join(' ') || node.callFrame.functionName;
    const w = Math.floor(clock / 100) * 100;
    const m = windows.get(w) ?? new Map<string, number>();
    m.set(file, (m.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    windows.set(w, m);
  });
  const timeline = [...windows]
    .map(([w, m]) => {
      const busy = [...m.values()].reduce((a, b) => a + b, 0);
      const main = [...m].sort((a, b) => b[1] - a[1]).slice(0, 3);
      return `${String(w).padStart(5)} ms  busy ${busy.toFixed(0).padStart(3)}  ${main.map(([f, v]) => `${f} ${v.toFixed(0)}`).join(', ')}`;
    })
    .filter((l) => Number(l.split('busy')[1]!.trim().split(' ')[0]) >= 30);
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .filter(([k]) => !/^\((idle|program|garbage collector)\)/.test(k))
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
  const total = [...selfMs.values()].reduce((a, b) => a + b, 0);
  console.log(`${url}: ${total.toFixed(0)} ms sampled (CPU 4× slower)`);
  console.log(`by file:\n${top(byFile, 20).join('\n')}`);
  console.log(`timeline (100 ms windows at least 30 ms busy):\n${timeline.join('\n')}`);
  console.log(`by function:\n${top(selfMs, 25).join('\n')}`);
} finally {
  await browser.close();
  await server.stop();
}
