import type {
  ExperienceLevel,
  JobRequirements,
  ResumeProfile,
  TailoredPlanItem,
} from '@candor/shared';
import { sentencesOf } from '@candor/shared';
import { findBankTopic, setTopic, type BankTopic } from '../../ai/builtin/bank';
import { wrapUpMinutes } from '../../engine/completion';
import { skillsOfRequirement } from '../../ai/builtin/skill-meaning';
import { skillsIn } from '../../ai/builtin/skills';
import { isSkillsList } from './resume';
import { cut } from './text';

/**
 * The questions of a tailored interview (issue 15), drawn for the skills the candidate confirmed:
 * bank questions at the role's level (then the nearest levels) for each skill's topic, generic
 * ones naming a skill the bank has no questions for, required skills before nice-to-have ones and
 * every confirmed skill's topic once before any is asked twice, plus one or two questions about
 * the résumé's projects. Pure and deterministic: the same confirmation always gives the same
 * interview, and the plan is stored on the attempt. The plan is what the interviewer asks first,
 * in order; with time left after it, the interviewer goes on (ai/builtin/plan.ts), so the plan is
 * never why an interview closes early (issue 27: a 10-minute interview asked 3 questions).
 */

/** Nearest levels first: a senior role with too few senior questions borrows mid, then staff. */
const LEVEL_ORDER: Record<ExperienceLevel, ExperienceLevel[]> = {
  junior: ['junior', 'mid'],
  mid: ['mid', 'junior', 'senior'],
  senior: ['senior', 'mid', 'staff'],
  staff: ['staff', 'senior'],
};

export const RESUME_TOPIC = 'Your experience';

/**
 * How many questions the plan lists for the time: one a minute and a half (an answer at a human
 * pace, a follow-up now and then) between the warm-up and the wrap-up minutes. Every confirmed
 * skill is in the plan whatever the time; this is how many more rounds it lists.
 */
export function questionBudget(durationMinutes: number): number {
  const asking = durationMinutes - wrapUpMinutes(durationMinutes) - 1;
  return Math.min(30, Math.max(2, Math.floor(asking / 1.5)));
}

/** However many skills were confirmed, a plan lists at most this many questions. */
const PLAN_MAX = 40;

/**
 * The topic a confirmed skill is interviewed under: its bank topic, or generic questions that
 * name it when the bank has none ("Rust"): every confirmed skill can be asked about.
 */
export function topicOfSkill(skill: string): BankTopic {
  // A skill the candidate typed ("k8s", "Postgres") is read with the vocabulary's aliases;
  // alternatives ("Snowflake, BigQuery or Redshift") by the first that the bank asks about.
  const known = skillsOfRequirement(skill);
  for (const k of known) {
    const bank = k.topic ? findBankTopic(k.topic) : null;
    if (bank) return bank;
  }
  return setTopic(known.length === 1 ? known[0]!.name : skill.trim());
}

interface TopicSkills {
  topic: BankTopic;
  skills: string[];
}

function topicsOf(skills: readonly string[]): TopicSkills[] {
  const out: TopicSkills[] = [];
  for (const skill of skills) {
    const topic = topicOfSkill(skill);
    const held = out.find((t) => t.topic.topic === topic.topic);
    if (held) held.skills.push(skill);
    else out.push({ topic, skills: [skill] });
  }
  return out;
}

/** A topic's questions in the order the level asks for them. */
const questionsAt = (topic: BankTopic, level: ExperienceLevel) =>
  LEVEL_ORDER[level].flatMap((l) => topic.questions[l]);

export function resumeQuestion(projectName: string): string {
  return `You mention ${projectName} on your résumé: what was your part in it, and what would you do differently now?`;
}

function resumeQuestions(
  resume: ResumeProfile | null,
  confirmed: readonly string[],
  count: number,
): TailoredPlanItem[] {
  if (!resume || count === 0) return [];
  const wanted = confirmed.map((name) => ({ name, skills: skillsOfRequirement(name) }));
  const ranked = resume.projects
    .filter((p) => !isSkillsList(p.name, p.summary))
    .map((p, i) => {
      const shown = skillsIn(`${p.name} ${p.summary}`);
      // A project showing BigQuery shows "Snowflake, BigQuery or Redshift".
      const skills = wanted
        .filter((w) => w.skills.some((k) => shown.includes(k)))
        .map((w) => w.name);
      return { p, i, skills };
    })
    // Projects that show the job's skills first; the résumé's own order otherwise.
    .sort((a, b) => b.skills.length - a.skills.length || a.i - b.i);
  return ranked.slice(0, count).map(({ p, skills }) => ({
    text: resumeQuestion(cut(p.name.replace(/[.:;,]+$/, ''), 80)),
    topic: RESUME_TOPIC,
    kind: 'behavioural' as const,
    source: 'resume' as const,
    skills,
  }));
}

export function selectTailoredQuestions(input: {
  requirements: Pick<JobRequirements, 'required' | 'niceToHave'>;
  difficulty: ExperienceLevel;
  durationMinutes: number;
  resume: ResumeProfile | null;
}): TailoredPlanItem[] {
  const budget = questionBudget(input.durationMinutes);
  const { required, niceToHave } = input.requirements;
  const fromResume = resumeQuestions(
    input.resume,
    [...required, ...niceToHave],
    input.resume && input.resume.projects.length > 0 ? (budget >= 6 ? 2 : 1) : 0,
  );
  const requiredTopics = topicsOf(required);
  // A topic a required skill already brings is not asked again for a nice-to-have one.
  const niceTopics = topicsOf(niceToHave).filter(
    (n) => !requiredTopics.some((r) => r.topic.topic === n.topic.topic),
  );
  // Every confirmed skill's topic once, whatever the time; more rounds as the time allows.
  const topicCount = requiredTopics.length + niceTopics.length;
  const bankBudget = Math.min(PLAN_MAX, Math.max(topicCount, budget - fromResume.length));
  const bank: TailoredPlanItem[] = [];
  const take = (group: TopicSkills[], round: number) => {
    for (const { topic, skills } of group) {
      if (bank.length >= bankBudget) return;
      const text = questionsAt(topic, input.difficulty)[round];
      if (text === undefined || bank.some((b) => b.text === text)) continue;
      bank.push({ text, topic: topic.topic, kind: topic.kind, source: 'bank', skills });
    }
  };
  const longest = Math.max(
    0,
    ...[...requiredTopics, ...niceTopics].map((t) => questionsAt(t.topic, input.difficulty).length),
  );
  for (let round = 0; round < longest && bank.length < bankBudget; round++) {
    take(requiredTopics, round);
    take(niceTopics, round);
  }
  // Résumé questions early and in the middle: the candidate's own work anchors the interview.
  const plan = [...bank];
  const [first, second] = fromResume;
  if (first) plan.splice(Math.min(1, plan.length), 0, first);
  if (second) plan.splice(Math.ceil(plan.length / 2) + 1, 0, second);
  return plan;
}

const ABOUT_THE_JOB =
  /\b(team|squad|colleagues|report(?:s|ing)? to|manager|process|agile|scrum|kanban|sprint|code review|pair(?:ing)?|on-?call|deploy|release|remote|hybrid|office|flexible|growth|career|progression|mentor|learning|training|conference|budget|culture|values|mission|product|customers?|users?|interview process|stages?|salary|compensation|holiday|leave|benefits?)\b/i;

/**
 * The advert's sentences about the team, the work and growth: what the builtin interviewer may
 * quote when the candidate asks about the job. Skill lists and very short lines are left out.
 */
export function aboutTheJob(jobDescription: string): string[] {
  const out: string[] = [];
  for (const line of jobDescription.split(/\r?\n/)) {
    for (const raw of sentencesOf(line)) {
      const sentence = raw.replace(/^\s*(?:[-*•–]|\d+[.)])\s+/, '').trim();
      if (sentence.split(/\s+/).length < 5 || !ABOUT_THE_JOB.test(sentence)) continue;
      if (!out.includes(sentence)) out.push(cut(sentence, 300));
      if (out.length >= 40) return out;
    }
  }
  return out;
}
