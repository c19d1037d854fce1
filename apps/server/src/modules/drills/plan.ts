import {
  DRILL,
  LIMITS,
  type Difficulty,
  type DrillSkill,
  type QuestionKind,
  type QuestionReport,
} from '@candor/shared';
import { bankReferenceFor, findBankTopic, levelOf, setTopic } from '../../ai/builtin/bank';
import { normalise } from '../../ai/builtin/text';
import type { DrillRecord, QuestionSnapshot } from '../../db/schema';

/**
 * Practise next as a drill (issue 30, decision 045), pure: which skills are the weakest across
 * the candidate's recent scored attempts, and which questions practise them in ten minutes. The
 * numbers are the reports' own per-question scores (what the report shows beside each answer and
 * what progress per question reads), so "System Design 42" can be found again in the reports.
 */

/** A completed attempt with a completed report, as the plan reads it. */
export interface ScoredAttempt {
  id: string;
  completedAt: Date;
  difficulty: string;
  categoryName: string;
  topics: string[];
  retryOf: string | null;
  retryQuestion: number | null;
  drill: DrillRecord | null;
  questionReports: QuestionReport[];
}

/** A question of the catalogue the drill may ask as a new one. */
export interface CatalogueQuestion {
  snapshot: Omit<QuestionSnapshot, 'id'>;
  categoryName: string;
  topics: string[];
  difficulty: string;
}

/** A question of the plan: a retry (read from its attempt's report) or a new one (its snapshot). */
export type PlannedQuestion = DrillRecord['questions'][number] & {
  /** A retry: the attempt whose report asked it last, and its place there. */
  retryFrom: { interviewId: string; questionIndex: number } | null;
  /** A new question: asked as this. */
  snapshot: Omit<QuestionSnapshot, 'id'> | null;
};

export interface Plan {
  skills: DrillSkill[];
  questions: PlannedQuestion[];
  attemptsRead: number;
}

/** The rubric kinds that are skills of their own, whatever the set's topics. */
const KIND_SKILLS: Partial<Record<QuestionKind, string>> = {
  behavioural: 'Behavioural',
  coding: 'Coding',
  'system-design': 'System Design',
};

const key = (s: string) => normalise(s);
const sameText = (a: string, b: string) => key(a) === key(b);

/** Whether `text` names `term` as whole words. */
function names(text: string, term: string): boolean {
  const t = key(term);
  return t !== '' && ` ${key(text)} `.includes(` ${t} `);
}

/** The names a topic goes by: its own, and its bank entry's when the bank knows it. */
function topicNames(topic: string): string[] {
  const entry = findBankTopic(topic);
  return [topic, ...(entry ? [entry.topic, ...entry.aliases] : [])];
}

/**
 * The one skill a scored answer counts towards. A behavioural, coding or system-design answer:
 * that rubric's name. A drill's question: the skill it was asked for. Otherwise the attempt's
 * first topic the question names (by the topic's name or its bank aliases), else the first whose
 * bank vocabulary it uses, else the attempt's first topic, else (no topics) its category.
 */
export function skillOf(q: QuestionReport, attempt: ScoredAttempt): string {
  const byKind = q.kind ? KIND_SKILLS[q.kind] : undefined;
  if (byKind) return byKind;
  const drilled = attempt.drill?.questions.find((d) => sameText(d.questionText, q.question));
  if (drilled) return drilled.skill;
  const named =
    attempt.topics.find((t) => topicNames(t).some((n) => names(q.question, n))) ??
    // "var, let and const" names no topic but is JavaScript's vocabulary.
    attempt.topics.find((t) =>
      (findBankTopic(t)?.vocabulary ?? []).some((term) => names(q.question, term)),
    ) ??
    // A set's topics are its skills: its first stands for a question that names none of them.
    attempt.topics.find((t) => t.trim() !== '');
  return named?.trim() ?? attempt.categoryName;
}

/** One scored answer, with the skill it counts towards and where it was given. */
interface Answer {
  skill: string;
  question: string;
  kind: QuestionKind;
  score: number;
  at: Date;
  difficulty: string;
  attempt: ScoredAttempt;
  index: number;
}

function answersOf(attempts: ScoredAttempt[]): Answer[] {
  const out: Answer[] = [];
  for (const attempt of attempts) {
    attempt.questionReports.forEach((q, index) => {
      if (!q.scored || q.score === null) return;
      out.push({
        skill: skillOf(q, attempt),
        question: q.question,
        kind: q.kind ?? 'technical',
        score: q.score,
        at: attempt.completedAt,
        difficulty: attempt.difficulty,
        attempt,
        index,
      });
    });
  }
  return out;
}

/**
 * Every skill of the answers with its mean score (rounded), weakest first; ties: more answers
 * first (a surer figure), then by name. The skill is named as its latest answer's attempt names it.
 */
export function skillScores(attempts: ScoredAttempt[]): DrillSkill[] {
  const bySkill = new Map<string, { skill: string; scores: number[]; latest: Date }>();
  for (const a of answersOf(attempts)) {
    const k = key(a.skill);
    const held = bySkill.get(k);
    if (!held) bySkill.set(k, { skill: a.skill, scores: [a.score], latest: a.at });
    else {
      held.scores.push(a.score);
      if (a.at > held.latest) Object.assign(held, { skill: a.skill, latest: a.at });
    }
  }
  return [...bySkill.values()]
    .map(({ skill, scores }) => ({
      skill,
      score: Math.round(scores.reduce((s, x) => s + x, 0) / scores.length),
      answers: scores.length,
    }))
    .sort((a, b) => a.score - b.score || b.answers - a.answers || a.skill.localeCompare(b.skill));
}

/**
 * A skill's questions, each at its latest score (a question answered better since is judged on
 * that), weakest first; ties: the one asked longest ago first.
 */
function weakestQuestions(answers: Answer[], skill: string): Answer[] {
  const latest = new Map<string, Answer>();
  for (const a of answers) {
    if (key(a.skill) !== key(skill)) continue;
    const k = key(a.question);
    const held = latest.get(k);
    if (!held || a.at > held.at) latest.set(k, a);
  }
  return [...latest.values()].sort((a, b) => a.score - b.score || a.at.getTime() - b.at.getTime());
}

/** The first attempt and question of a question's chain of tries (what progress per question reads). */
function chainOf(a: Answer): { interviewId: string; questionIndex: number } {
  const { attempt } = a;
  if (attempt.retryOf !== null && attempt.retryQuestion !== null) {
    return { interviewId: attempt.retryOf, questionIndex: attempt.retryQuestion };
  }
  const drilled = attempt.drill?.questions.find((d) => sameText(d.questionText, a.question));
  if (drilled?.from) return drilled.from;
  return { interviewId: attempt.id, questionIndex: a.index };
}

const LEVEL_ORDER: Record<Difficulty, Difficulty[]> = {
  junior: ['junior', 'mid', 'senior', 'staff'],
  mid: ['mid', 'junior', 'senior', 'staff'],
  senior: ['senior', 'mid', 'staff', 'junior'],
  staff: ['staff', 'senior', 'mid', 'junior'],
};

/** Whether a catalogue question practises the skill: its rubric, or its set's topic or category. */
function practises(c: CatalogueQuestion, skill: string): boolean {
  const kind = c.snapshot.kind ?? 'technical';
  const kindSkill = Object.entries(KIND_SKILLS).find(([, name]) => key(name) === key(skill));
  if (kindSkill) return kind === kindSkill[0];
  if (kind !== 'technical') return false;
  return [...c.topics, c.categoryName].some((t) => key(t) === key(skill));
}

/**
 * A question on the skill the candidate was not asked lately: the catalogue's first (at their
 * level, then the nearest), else the builtin bank's for the skill (its level first). Coding has no
 * bank questions: without one in the catalogue, a coding skill is practised by its retry alone.
 */
function newQuestion(
  skill: string,
  level: Difficulty,
  catalogue: CatalogueQuestion[],
  asked: Set<string>,
): { snapshot: Omit<QuestionSnapshot, 'id'>; kind: QuestionKind } | null {
  const fresh = (text: string) => !asked.has(key(text));
  const order = LEVEL_ORDER[level];
  const fromCatalogue = catalogue
    .filter((c) => practises(c, skill) && fresh(c.snapshot.questionText))
    .sort((a, b) => order.indexOf(levelOf(a.difficulty)) - order.indexOf(levelOf(b.difficulty)));
  const first = fromCatalogue[0];
  if (first) return { snapshot: first.snapshot, kind: first.snapshot.kind ?? 'technical' };
  if (key(skill) === key(KIND_SKILLS.coding!)) return null;
  const topic = setTopic(skill);
  for (const l of order) {
    const text = topic.questions[l].find(fresh);
    if (!text) continue;
    const kind: QuestionKind = topic.kind === 'behavioural' ? 'behavioural' : 'technical';
    // A bank question brings the bank's answer key, as it does in a topic interview (decision 051).
    const reference = kind === 'technical' ? bankReferenceFor(text) : null;
    return {
      kind,
      snapshot: {
        questionText: text,
        expectedAnswer: reference?.expectedAnswer ?? null,
        difficulty: 'medium',
        timeLimit: LIMITS.questionTimeLimitDefault,
        kind,
        keyPoints: reference ? [...reference.keyPoints] : [],
      },
    };
  }
  return null;
}

const minutesOf = (kind: QuestionKind) =>
  kind === 'coding' || kind === 'system-design' ? DRILL.workspaceMinutes : DRILL.questionMinutes;

/**
 * The drill: the DRILL.skills weakest skills, weakest first; for each, a retry of its weakest
 * question, then (a second round) a new question on it, while they fit in the drill's minutes.
 * Empty without a scored answer.
 */
export function planDrill(attempts: ScoredAttempt[], catalogue: CatalogueQuestion[]): Plan {
  const answers = answersOf(attempts);
  const skills = skillScores(attempts).slice(0, DRILL.skills);
  // Asked lately, scored or not: a new question is one the candidate has not just heard.
  const asked = new Set(attempts.flatMap((a) => a.questionReports.map((q) => key(q.question))));
  let minutesLeft = DRILL.minutes - DRILL.openingMinutes;
  const questions: PlannedQuestion[] = [];
  const add = (q: Omit<PlannedQuestion, 'position'>) => {
    if (minutesOf(q.kind) > minutesLeft) return;
    minutesLeft -= minutesOf(q.kind);
    questions.push({ ...q, position: questions.length });
  };
  for (const s of skills) {
    const weakest = weakestQuestions(answers, s.skill)[0];
    if (!weakest) continue;
    add({
      skill: s.skill,
      source: 'retry',
      kind: weakest.kind,
      question: weakest.question,
      questionText: weakest.question,
      lastScore: Math.round(weakest.score),
      lastAskedAt: weakest.at.toISOString(),
      from: chainOf(weakest),
      retryFrom: { interviewId: weakest.attempt.id, questionIndex: weakest.index },
      snapshot: null,
    });
  }
  for (const s of skills) {
    const latest = answers
      .filter((a) => key(a.skill) === key(s.skill))
      .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    const found = newQuestion(s.skill, levelOf(latest?.difficulty ?? 'mid'), catalogue, asked);
    if (!found) continue;
    asked.add(key(found.snapshot.questionText));
    add({
      skill: s.skill,
      source: 'new',
      kind: found.kind,
      question: null,
      questionText: found.snapshot.questionText,
      lastScore: null,
      lastAskedAt: null,
      from: null,
      retryFrom: null,
      snapshot: found.snapshot,
    });
  }
  return { skills, questions, attemptsRead: attempts.length };
}
