import {
  sentencesOf,
  type CandidateQuestionsReport,
  type JobFit,
  type QuestionReport,
} from '@candor/shared';
import { skillsIn } from './skills';
import type { ReportInput } from '../report-input';
import { asksSomething, subjectOf } from './candidate-questions';
import { normalise } from './text';

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
  const named = skillsIn(`${q.question} ${q.answer}`).map((s) => s.name);
  if (named.some((n) => sameSkill(n, skill))) return true;
  return ` ${normalise(q.question)} `.includes(` ${normalise(skill)} `);
}

/** Up to two of the candidate's own sentences about the skill, or the scorer's quotes. */
function evidenceFor(questions: QuestionReport[], skill: string): string[] {
  const out: string[] = [];
  for (const q of questions) {
    const sentences = sentencesOf(q.answer);
    const naming = sentences.find((s) => skillsIn(s).some((n) => sameSkill(n.name, skill)));
    const quote =
      naming ?? q.dimensions?.technicalDepth.evidence[0] ?? q.dimensions?.accuracy.evidence[0];
    if (quote && !out.includes(quote)) out.push(quote.trim());
    if (out.length >= 2) break;
  }
  return out;
}

function commentFor(skill: string, covered: boolean, score: number | null): string {
  if (!covered) return `Not covered in this interview: practise ${skill} next.`;
  if (score === null) return `Asked about, but the answers could not be scored.`;
  if (score >= 70) return `Strong: your answers on ${skill} were accurate and specific.`;
  if (score >= 50) return `Partly shown: add depth and a concrete example of your own on ${skill}.`;
  return `Weak for this job: ${skill} needs practice before the real interview.`;
}

export function jobFitFor(input: ReportInput, questions: QuestionReport[]): JobFit | undefined {
  const tailored = input.tailored;
  if (!tailored) return undefined;
  const skills = tailored.required.map((skill) => {
    const about = questions.filter((q) => q.kind !== 'warm-up' && covers(q, skill, input));
    const answered = about.filter((q) => q.answer.trim() !== '');
    const scores = about.flatMap((q) => (q.score === null ? [] : [q.score]));
    const score =
      scores.length > 0 ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null;
    const covered = answered.length > 0;
    return {
      skill,
      covered,
      score: covered ? score : null,
      questions: about.map((q) => q.question),
      evidence: covered ? evidenceFor(answered, skill) : [],
      comment: commentFor(skill, covered, covered ? score : null),
    };
  });
  return {
    role: tailored.role,
    skills,
    practiseNext: skills
      .filter((s) => !s.covered || (s.score !== null && s.score < 50))
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
