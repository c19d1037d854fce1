/**
 * The builtin reading of a job description (issue 15): extraction of role, level and skills, then
 * the bank topics for them, on the longest advert allowed (20,000 characters, built from the
 * fixtures' adverts), repeated: p50/p95 per advert. Run: npx tsx bench/tailored-extraction.ts
 * (BENCH_TAILORED_RUNS to tune; the smoke run uses a few).
 */
import { JOB_DESCRIPTION_LIMITS } from '@candor/shared';
import { extractRequirements, topicsForSkills } from '../apps/server/src/tailored/extract';
import { JOB_DESCRIPTIONS } from '../apps/server/src/tailored/fixtures/job-descriptions';
import { pct } from './live-support';
import { table } from './support';

const RUNS = Number(process.env.BENCH_TAILORED_RUNS ?? 200);

const all = JOB_DESCRIPTIONS.map((j) => j.text).join('\n\n');
const longest = all
  .repeat(Math.ceil(JOB_DESCRIPTION_LIMITS.maxChars / all.length))
  .slice(0, JOB_DESCRIPTION_LIMITS.maxChars);
const typical = JOB_DESCRIPTIONS[1]!.text;

function measure(text: string) {
  const times: number[] = [];
  let skills = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const found = extractRequirements(text);
    topicsForSkills([...found.required, ...found.niceToHave]);
    times.push(performance.now() - started);
    skills = found.required.length + found.niceToHave.length;
  }
  times.sort((a, b) => a - b);
  return { times, skills };
}

const rows = [
  { label: 'typical advert', text: typical },
  { label: 'longest allowed', text: longest },
].map(({ label, text }) => {
  const { times, skills } = measure(text);
  return {
    'job description': label,
    characters: text.length,
    'skills found': skills,
    runs: RUNS,
    'slowest ms': Number(times.at(-1)!.toFixed(2)),
    'p50 ms': Number(pct(times, 50).toFixed(2)),
    'p95 ms': Number(pct(times, 95).toFixed(2)),
  };
});
console.log('Tailored interviews: builtin extraction and bank topics, one process');
table(rows);
