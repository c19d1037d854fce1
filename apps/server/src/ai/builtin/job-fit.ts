import {
  DIMENSIONS,
  sentencesOf,
  type CandidateQuestionsReport,
  type JobFit,
  type QuestionReport,
} from '@candor/shared';
import { skillsIn } from './skills';
import type { ReportInput } from '../report-input';
import { asksSomething, subjectOf } from './candidate-questions';
import { showsRequirement, skillsOfRequirement } from './skill-meaning';
import { normalise, tokens } from './text';

/**
 * The tailored report's two sections (issue 15), from facts the server holds: which questions
 * were asked about each required skill and how those answers scored ("fit for this job"), and the
 * candidate's own questions at the end, judged by what they ask about.
 */

const sameSkill = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a question (and its answer) was about the skill: drawn for it, or naming it. */
function covers(q: QuestionReport, skill: string, input: ReportInput): boolean {
  const plan = input.tailored?.plan ?? [];
  const drawn = plan.some(
    (p) => p.skills.some((s) => sameSkill(s, skill)) && q.question.includes(p.text),
  );
  if (drawn) return true;
  const named = skillsIn(`${q.question} ${q.answer}`);
  const wanted = skillsOfRequirement(skill);
  if (named.some((n) => wanted.includes(n) || sameSkill(n.name, skill))) return true;
  return ` ${normalise(q.question)} `.includes(` ${normalise(skill)} `);
}

const words = (text: string) => ` ${tokens(text).join(' ')} `;

/**
 * The candidate's words that show the skill in one answer (issue 28, "evidence or no credit"): its
 * sentences that name the skill, an alias or abbreviation of it, or a sign of using it; then the
 * scorer's quotes (a model's, on the model path) that do, believed only when they are in the
 * answer: a quote the candidate never said is discarded, however it reads.
 */
function quotesIn(q: QuestionReport, skill: string): string[] {
  const answer = words(q.answer);
  const scorers = q.dimensions ? DIMENSIONS.flatMap((d) => q.dimensions![d].evidence) : [];
  const out: string[] = [];
  for (const quote of [...sentencesOf(q.answer), ...scorers]) {
    const said = words(quote);
    if (said.trim() === '' || !answer.includes(said)) continue;
    if (!showsRequirement(quote, skill)) continue;
    if (!out.includes(quote.trim())) out.push(quote.trim());
  }
  return out;
}

function commentFor(skill: string, covered: boolean, shown: boolean, score: number | null): string {
  if (!covered) return `Not covered in this interview: practise ${skill} next.`;
  if (!shown) {
    return `Not shown: you were asked about ${skill}, but no answer named it or said what you did with it. Name it, and say what you built or fixed with it.`;
  }
  if (score === null) return `Asked about, but the answers could not be scored.`;
  if (score >= 70) return `Strong: your answers on ${skill} were accurate and specific.`;
  if (score >= 50) return `Partly shown: add depth and a concrete example of your own on ${skill}.`;
  return `Weak for this job: ${skill} needs practice before the real interview.`;
}

/**
 * Each required skill: the questions about it, and credit only from the answers whose words show
 * it. An answer on the question that never names the skill nor what it does earns the skill
 * nothing ("Not shown"), however well it scored on something else.
 */
export function jobFitFor(input: ReportInput, questions: QuestionReport[]): JobFit | undefined {
  const tailored = input.tailored;
  if (!tailored) return undefined;
  const skills = tailored.required.map((skill) => {
    const about = questions.filter((q) => q.kind !== 'warm-up' && covers(q, skill, input));
    const answered = about.filter((q) => q.answer.trim() !== '');
    const shown = answered
      .map((q) => ({ q, quotes: quotesIn(q, skill) }))
      .filter((s) => s.quotes.length > 0);
    const scores = shown.flatMap(({ q }) => (q.score === null ? [] : [q.score]));
    const score =
      scores.length > 0 ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
    const covered = answered.length > 0;
    const evidence: string[] = [];
    for (const quote of shown.flatMap((s) => s.quotes)) {
      if (evidence.length < 2 && !evidence.includes(quote)) evidence.push(quote);
    }
    return {
      skill,
      covered,
      score: shown.length > 0 ? score : null,
      questions: about.map((q) => q.question),
      evidence,
      comment: commentFor(skill, covered, shown.length > 0, score),
    };
  });
  return {
    role: tailored.role,
    skills,
    practiseNext: skills
      .filter((s) => !s.covered || s.evidence.length === 0 || (s.score !== null && s.score < 50))
      .map((s) => s.skill),
  };
}

const STRONG_SUBJECTS = new Set([
  'team',
  'process',
  'growth',
  'success',
  'challenges',
  'stack',
  'on-call',
]);

function judge(question: string, input: ReportInput) {
  const words = question.trim().split(/\s+/).length;
  const subject = subjectOf(question);
  const specific = (input.tailored?.required ?? []).some((s) =>
    ` ${normalise(question)} `.includes(` ${normalise(s)} `),
  );
  if (!asksSomething(question) || words < 4) {
    return {
      quality: 'weak' as const,
      feedback: 'Too short or not quite a question: ask one clear question at a time.',
    };
  }
  if (subject === 'pay') {
    return {
      quality: 'weak' as const,
      feedback:
        'A fair thing to want to know, but pay and benefits are best asked of the recruiter or at the offer stage, not as your first question to an interviewer.',
    };
  }
  if ((subject && STRONG_SUBJECTS.has(subject) && words >= 6) || specific) {
    return {
      quality: 'strong' as const,
      feedback:
        'A strong question: it shows you are thinking about doing the job well, and the answer tells you whether you want it.',
    };
  }
  return {
    quality: 'fair' as const,
    feedback:
      'A reasonable question. Make it more specific to the role (the team, how work ships, what success looks like) to learn more from the answer.',
  };
}

export function candidateQuestionsFor(input: ReportInput): CandidateQuestionsReport | undefined {
  const asked = input.candidateQuestions;
  if (!asked?.invited) return undefined;
  const questions = asked.asked.map(({ question, answer }) => ({
    question,
    answer,
    ...judge(question, input),
  }));
  const strong = questions.filter((q) => q.quality === 'strong').length;
  const feedback =
    questions.length === 0
      ? 'You had no questions for the interviewer. Interviewers often read that as low interest: prepare two or three about the team, how the work ships and what success looks like in the first months.'
      : strong === questions.length
        ? `You asked ${questions.length === 1 ? 'one question' : `${questions.length} questions`}, each about the work itself: that is what interviewers hope to hear.`
        : `You asked ${questions.length === 1 ? 'one question' : `${questions.length} questions`}, ${strong} of them strong. The best questions are about the team, the work and what success looks like: they show you are already thinking about the job.`;
  return { invited: true, questions, feedback };
}
