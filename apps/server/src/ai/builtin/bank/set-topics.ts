import { skillsIn } from '../skills';
import { normalise } from '../text';
import { findBankTopic, type BankTopic } from './entries';
import { genericBehaviouralTopic, genericTopic, isNonTechnicalTopic } from './generic';

/**
 * The set's topics as the builtin interviewer asks them (issue 27): each under the administrator's
 * own name ("SQL", not the bank's "Databases"), with the questions of the bank entry that fits it.
 * A set with "SQL" and "Apache Spark" was introduced as "Databases, Data Engineering" and never
 * asked about Spark: the bank knows Spark only as one word of Data Engineering, whose questions
 * are about pipelines in general. Such a topic, a technology of its own that its entry's questions
 * never name, is asked by its own name first, then with the entry's questions.
 */

const same = (a: string, b: string) => normalise(a) === normalise(b);

const QUESTION_LEVELS = ['junior', 'mid', 'senior', 'staff'] as const;

type Questions = BankTopic['questions'];

/** Whether any of `texts` names one of `names`, as whole words. */
function names(texts: readonly string[], candidates: readonly string[]): boolean {
  const said = ` ${normalise(texts.join(' '))} `;
  return candidates.some((n) => normalise(n) !== '' && said.includes(` ${normalise(n)} `));
}

/**
 * A technology of its own ("Apache Spark", "Kafka", "SQL") that the entry covers only in general:
 * the skills vocabulary knows it by another name than the entry's, and none of the entry's
 * questions names it.
 */
function ownTechnology(name: string, entry: BankTopic): boolean {
  const own = skillsIn(name)[0];
  if (!own || same(own.name, entry.topic)) return false;
  return !names(Object.values(entry.questions).flat(), [own.name, ...own.aliases]);
}

/** The topic's own questions and the entry's, taking turns at each level. */
function blend(own: Questions, entry: Questions): Questions {
  const out = {} as Questions;
  for (const level of QUESTION_LEVELS) {
    const a = own[level];
    const b = entry[level];
    out[level] = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
      .flat()
      .filter((q): q is string => q !== undefined);
  }
  return out;
}

/** The entry's questions with those naming the set's topic first ("Event Loop" in JavaScript). */
function namingFirst(questions: Questions, name: string): Questions {
  const out = {} as Questions;
  for (const level of QUESTION_LEVELS) {
    const list = questions[level];
    out[level] = [
      ...list.filter((q) => names([q], [name])),
      ...list.filter((q) => !names([q], [name])),
    ];
  }
  return out;
}

/** One set topic as it is asked: under its own name, from the entry that fits it, or generic. */
export function setTopic(name: string, behaviouralCategory = false): BankTopic {
  const entry = findBankTopic(name);
  if (!entry) {
    return behaviouralCategory || isNonTechnicalTopic(name)
      ? genericBehaviouralTopic(name)
      : genericTopic(name);
  }
  if (same(name, entry.topic)) return entry;
  // The entry's own name stays one of the topic's names: answers and reports still find it.
  const named = { ...entry, topic: name, aliases: [...new Set([entry.topic, ...entry.aliases])] };
  if (!ownTechnology(name, entry)) {
    return { ...named, questions: namingFirst(entry.questions, name) };
  }
  const own = genericTopic(name);
  return {
    ...named,
    vocabulary: [...new Set([...own.vocabulary, ...entry.vocabulary])],
    resources: [...own.resources, ...entry.resources],
    questions: blend(own.questions, entry.questions),
  };
}

/**
 * The set's topics in the set's order, each once, under the administrator's names. A topic the
 * bank does not know gets generic questions: behavioural ones when the topic (or the whole
 * category, "Behavioral") is about people and conduct, technical ones otherwise. A set without
 * topics is asked about its category.
 */
export function topicsFor(topicNames: readonly string[], fallback: string): BankTopic[] {
  const list = topicNames.length > 0 ? topicNames : [fallback];
  const behaviouralCategory = isNonTechnicalTopic(fallback);
  const out: BankTopic[] = [];
  for (const raw of list) {
    const name = raw.trim();
    if (name === '' || out.some((t) => same(t.topic, name))) continue;
    out.push(setTopic(name, behaviouralCategory));
  }
  return out;
}
