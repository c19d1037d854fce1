/**
 * The builtin reading of a job description (issue 15): extraction of role, level and skills, then
 * the bank topics for them, on the longest advert allowed (20,000 characters, built from the
 * fixtures' adverts), repeated: p50/p95 per advert; then a ten-page PDF résumé read (unpdf) and
 * its skills and projects found, alone and together with the longest advert; then the questions
 * drawn for them (question selection), alone and as the whole setup of a tailored interview.
 * The résumé is read as the server reads it (decision 036): in the document reader's child
 * process, with its spare ready (an upload after a quiet moment), and once from a cold start.
 * Run: npx tsx bench/tailored-extraction.ts (BENCH_TAILORED_RUNS to tune; the smoke run uses a few).
 */
import os from 'node:os';
import { JOB_DESCRIPTION_LIMITS } from '@candor/shared';
import { extractRequirements, topicsForSkills } from '../apps/server/src/modules/tailored/extract';
import { JOB_DESCRIPTIONS } from '../apps/server/src/modules/tailored/fixtures/job-descriptions';
import { pdfOf, tenPageResume } from '../apps/server/src/modules/documents/fixtures/documents';
import { createDocumentReader } from '../apps/server/src/modules/documents';
import { readResumeProfile } from '../apps/server/src/modules/tailored/resume';
import { aboutTheJob, selectTailoredQuestions } from '../apps/server/src/modules/tailored/select';
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

// A ten-page résumé: the PDF read, then what the interviewer reads from it; and both documents
// as a tailored interview's setup handles them.
const resumePdf = pdfOf(tenPageResume());
const resumeRuns = Math.max(3, Math.round(RUNS / 4));
const reader = createDocumentReader();
const readResume = (bytes: Buffer) => reader.read(bytes);
async function timed(task: () => Promise<unknown>, runs = resumeRuns) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Untimed: the spare child loads its parsers, as it does between two candidates' uploads.
    await reader.warm();
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
// From a cold start: no spare child (the first upload after the server started, or a long pause).
const cold: number[] = [];
for (let i = 0; i < Math.min(5, resumeRuns); i++) {
  const fresh = createDocumentReader();
  const started = performance.now();
  readResumeProfile(await fresh.read(resumePdf));
  cold.push(performance.now() - started);
  await fresh.close();
}
cold.sort((a, b) => a - b);
const resumeOnly = await timed(async () => readResumeProfile(await readResume(resumePdf)));
const both = await timed(async () => {
  const found = extractRequirements(longest);
  topicsForSkills([...found.required, ...found.niceToHave]);
  readResumeProfile(await readResume(resumePdf));
});
// Everything a tailored interview's setup does: both documents read, then the questions drawn
// for every skill found (60 minutes: the most questions) and the advert's sentences about the job.
let drawn = 0;
const withSelection = await timed(async () => {
  const found = extractRequirements(longest);
  const profile = readResumeProfile(await readResume(resumePdf));
  drawn = selectTailoredQuestions({
    requirements: found,
    difficulty: found.level,
    durationMinutes: 60,
    resume: profile,
  }).length;
  aboutTheJob(longest);
});
const selectionOnly: number[] = [];
{
  const found = extractRequirements(longest);
  const profile = readResumeProfile(await readResume(resumePdf));
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    selectTailoredQuestions({
      requirements: found,
      difficulty: found.level,
      durationMinutes: 60,
      resume: profile,
    });
    selectionOnly.push(performance.now() - started);
  }
  selectionOnly.sort((a, b) => a - b);
}
const resumeText = await readResume(resumePdf);
await reader.close();
for (const [label, times] of [
  ['10-page résumé (PDF), in the reader’s child', resumeOnly],
  ['10-page résumé (PDF), child from a cold start', cold],
  ['longest advert + 10-page résumé', both],
  [`question selection alone (${drawn} questions)`, selectionOnly],
  ['longest advert + 10-page résumé + question selection', withSelection],
] as const) {
  rows.push({
    'job description': label,
    characters: label.startsWith('10') ? resumeText.length : longest.length + resumeText.length,
    'skills found': readResumeProfile(resumeText).skills.length,
    runs: times.length,
    'slowest ms': Number(times.at(-1)!.toFixed(2)),
    'p50 ms': Number(pct(times, 50).toFixed(2)),
    'p95 ms': Number(pct(times, 95).toFixed(2)),
  });
}
console.log(
  `Tailored interviews: builtin extraction and bank topics, and a résumé read (${resumePdf.length} bytes of PDF) in the document reader's child process; load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
table(rows);
