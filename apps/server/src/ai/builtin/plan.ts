import type { Difficulty, QuestionKind } from '@candor/shared';
import type { InterviewContext } from '../provider';
import { genericBehaviouralTopic, genericTopic, levelOf, type BankTopic } from './bank';
import { normalise } from './text';

/**
 * What the builtin interviewer asks, in order (issue 27: use the time). First the plan: a
 * tailored interview's drawn questions, or the set's topics round-robin at the interview's level
 * and its neighbours. When the plan runs out before the wrap-up minutes, the interviewer goes on
 * rather than closing early: the rest of the bank for the same topics (further levels, nearest
 * first) and their generic questions, then questions that go deeper into what the answers left
 * out. Only when all of that is
 * asked does it close early, and then it says so honestly.
 */

export interface PlannedQuestion {
  topic: string;
  kind: QuestionKind;
  text: string;
  source?: 'bank' | 'resume';
  /**
   * What the interviewer calls the topic when it moves to it: the skills a tailored question was
   * drawn for, as the candidate confirmed them ("PostgreSQL", not the bank's "Databases").
   */
  about?: string;
}

/** Every level in asking order: the interview's level, then the nearest ones. */
const LEVEL_ORDER: Record<Difficulty, Difficulty[]> = {
  junior: ['junior', 'mid', 'senior', 'staff'],
  mid: ['mid', 'junior', 'senior', 'staff'],
  senior: ['senior', 'mid', 'staff', 'junior'],
  staff: ['staff', 'senior', 'mid', 'junior'],
};

/** Bank questions in asking order: each level's questions round-robin across topics. */
export function questionPlan(topics: readonly BankTopic[], difficulty: string): PlannedQuestion[] {
  const plan: PlannedQuestion[] = [];
  for (const level of LEVEL_ORDER[levelOf(difficulty)]) {
    const longest = Math.max(0, ...topics.map((t) => t.questions[level].length));
    for (let j = 0; j < longest; j++) {
      for (const t of topics) {
        const text = t.questions[level][j];
        if (text && !plan.some((p) => p.text === text))
          plan.push({ topic: t.topic, kind: t.kind, text });
      }
    }
  }
  return plan;
}

/** Each topic's generic questions ("What are the most common mistakes people make with…"). */
const generic = (topics: readonly BankTopic[]) =>
  topics.map((t) =>
    t.kind === 'behavioural' ? genericBehaviouralTopic(t.topic) : genericTopic(t.topic),
  );

/**
 * The interview's questions in order: a tailored interview's plan, or the set's topics at the
 * interview's level and its neighbours; then, for when time remains, the rest of the bank for the
 * same topics and each topic's generic questions.
 */
export function planOf(context: InterviewContext, topics: readonly BankTopic[]): PlannedQuestion[] {
  const drawn = context.tailored?.plan ?? [];
  // A tailored interview names each topic by the skills it was drawn for.
  const names = new Map<string, string>();
  for (const d of drawn) {
    if (d.source === 'bank' && d.skills.length > 0 && !names.has(d.topic))
      names.set(d.topic, d.skills.join(' and '));
  }
  const plan: PlannedQuestion[] = [...drawn];
  const further = [
    ...questionPlan(topics, context.difficulty),
    ...questionPlan(generic(topics), context.difficulty),
  ];
  for (const q of further) if (!plan.some((p) => p.text === q.text)) plan.push(q);
  return plan.map((p) => ({ ...p, about: names.get(p.topic) ?? p.topic }));
}

/** How a question that goes deeper is put; the report labels it by its second sentence. */
const DEEPER_LEAD = "Let's go deeper.";
export const deeperQuestion = (topic: string, term: string) =>
  `${DEEPER_LEAD} How does ${term} come into your work with ${topic}?`;

/**
 * After the bank: a question about a term of a technical topic's vocabulary that no answer used
 * and no question asked yet, the topics taking turns (the least asked first). Null when every
 * term was used or asked.
 */
export function nextDeeper(
  topics: readonly BankTopic[],
  asked: (text: string) => boolean,
  answers: string,
): PlannedQuestion | null {
  const used = ` ${normalise(answers)} `;
  const options = topics
    .filter((t) => t.kind === 'technical')
    .map((t, order) => {
      const count = t.vocabulary.filter((term) => asked(deeperQuestion(t.topic, term))).length;
      const term = t.vocabulary.find(
        (v) => !used.includes(` ${normalise(v)} `) && !asked(deeperQuestion(t.topic, v)),
      );
      return { t, order, count, term };
    })
    .filter((o) => o.term !== undefined)
    .sort((a, b) => a.count - b.count || a.order - b.order);
  const best = options[0];
  if (!best) return null;
  return { topic: best.t.topic, kind: 'technical', text: deeperQuestion(best.t.topic, best.term!) };
}
