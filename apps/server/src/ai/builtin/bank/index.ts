import { DIFFICULTIES, type Difficulty } from '@candor/shared';
import { z } from 'zod';
import { normalise } from '../text';
import backend from './backend.json';
import behavioural from './behavioural.json';
import data from './data.json';
import frontend from './frontend.json';
import fundamentals from './fundamentals.json';
import infrastructure from './infrastructure.json';
import languages from './languages.json';

/**
 * The builtin interviewer's question bank: plain JSON files in this folder, one topic per entry,
 * questions by level. Adding a topic means adding an entry; the schema below checks the files.
 */
const bankTopicSchema = z.object({
  topic: z.string(),
  /** Behavioural topics are asked as stories and scored on the behavioural rubric. */
  kind: z.enum(['technical', 'behavioural']).default('technical'),
  /** Other names a set's topic may use for it (matched case-insensitively, as whole words). */
  aliases: z.array(z.string()),
  /** Terms a knowledgeable answer tends to use: the evaluator's measure of topic vocabulary. */
  vocabulary: z.array(z.string()).min(5),
  /** Where to learn more, for recommendations. */
  resources: z.array(z.string()).min(1),
  questions: z.object({
    junior: z.array(z.string()).min(2),
    mid: z.array(z.string()).min(2),
    senior: z.array(z.string()).min(2),
    staff: z.array(z.string()).min(2),
  }),
});
export type BankTopic = z.infer<typeof bankTopicSchema>;

export const BANK: readonly BankTopic[] = z
  .array(bankTopicSchema)
  .parse([
    ...fundamentals,
    ...frontend,
    ...backend,
    ...data,
    ...infrastructure,
    ...languages,
    ...behavioural,
  ]);

const key = (s: string) =>
  ` ${normalise(s)
    .replace(/[^a-z0-9+# ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;

/** The bank entry for a topic name as a set spells it, or null when none fits. */
export function findBankTopic(name: string): BankTopic | null {
  const k = key(name);
  if (k.trim() === '') return null;
  for (const entry of BANK) {
    if ([entry.topic, ...entry.aliases].some((a) => key(a) === k)) return entry;
  }
  // "React Hooks" → React, "SQL databases" → Databases: the longest alias found as whole words.
  // Behavioural entries match only by their whole name: "Memory Management" is not leadership,
  // nor "Rust Ownership" a story.
  let best: { entry: BankTopic; length: number } | null = null;
  for (const entry of BANK) {
    if (entry.kind === 'behavioural') continue;
    for (const alias of [entry.topic, ...entry.aliases]) {
      const a = key(alias);
      if (a.trim().length >= 2 && k.includes(a) && (!best || a.length > best.length)) {
        best = { entry, length: a.length };
      }
    }
  }
  return best?.entry ?? null;
}

/**
 * Topic names about people and conduct rather than technology ("Motivation", "Teamwork",
 * "Conflict"): a topic the bank does not know is asked as a behavioural topic when it looks like one.
 */
const NON_TECHNICAL =
  /\b(motivat\w*|team ?work|teams?|leader\w*|leading|(?<!merge )conflicts?|(?<!(service|process|network|async|asynchronous|inter-service|interprocess) )communicat\w*|collaborat\w*|mentor\w*|coach\w*|feedback|stakeholders?|ownership|culture|values|career\w*|goals?|strengths?|weakness\w*|(time|people|project|engineering|stakeholder|expectation) management|prioriti\w*|decision[- ]making|negotiat\w*|empathy|resilien\w*|adaptab\w*|influenc\w*|people|hiring|presentation skills|work ethic|integrity|accountab\w*|initiative|creativity|soft skills?|behaviou?r(al)?|personal (development|growth)|self-(awareness|management|improvement)|emotional intelligence|ethics|diversity|inclusion|customer focus|remote work)\b/i;

export function isNonTechnicalTopic(name: string): boolean {
  return NON_TECHNICAL.test(name);
}

/** Behavioural questions for a non-technical topic the bank does not know, by level. */
export function genericBehaviouralTopic(name: string): BankTopic {
  const subject = name.trim().toLowerCase();
  return {
    topic: name,
    kind: 'behavioural',
    aliases: [],
    vocabulary: [
      ...normalise(name)
        .split(' ')
        .filter((w) => w.length > 2),
      'situation',
      'result',
      'learned',
      'team',
      'decision',
    ],
    resources: [
      'The STAR method: Situation, Task, Action, Result',
      `Prepare two stories from your own work that show ${subject}, each with a concrete result`,
    ],
    questions: {
      junior: [
        `Tell me about a time ${subject} made a real difference in your work. What was the situation, and what did you do?`,
        `What does good ${subject} look like to you? Give me an example from a project or team you were part of.`,
      ],
      mid: [
        `Describe a situation where ${subject} was tested. What did you do, and how did it turn out?`,
        `Tell me about a time you got ${subject} wrong. What happened, and what do you do differently now?`,
      ],
      senior: [
        `Tell me about a time you improved ${subject} in a team. What did you change, and what was the result?`,
        `Describe a difficult situation involving ${subject} that you handled. What was your part, and what was the outcome?`,
      ],
      staff: [
        `How have you raised the bar for ${subject} across several teams? Walk me through a specific example and its result.`,
        `Tell me about a time ${subject} was at odds with a business goal. How did you decide, and what happened?`,
      ],
    },
  };
}

/** Generic questions for a technical topic the bank does not know, by level. */
export function genericTopic(name: string): BankTopic {
  return {
    topic: name,
    kind: 'technical',
    aliases: [],
    vocabulary: normalise(name)
      .split(' ')
      .filter((w) => w.length > 2),
    resources: [`The official documentation and a well-regarded introductory book on ${name}`],
    questions: {
      junior: [
        `What is ${name}, and what problem does it solve?`,
        `Walk me through something small you have built or studied that used ${name}.`,
      ],
      mid: [
        `What are the most common mistakes people make with ${name}, and how do you avoid them?`,
        `Describe a problem you solved with ${name} and the trade-offs you weighed.`,
      ],
      senior: [
        `How would you introduce ${name} into an existing system, and what risks would you manage?`,
        `What does ${name} do badly, and what would you use instead in those cases?`,
      ],
      staff: [
        `How would you set standards for ${name} across several teams?`,
        `Where do you see ${name} heading, and how would that change your technical strategy?`,
      ],
    },
  };
}

/**
 * Bank entries for the set's topics, in the set's order. A topic the bank does not know gets
 * generic questions: behavioural ones when the topic (or the whole category, "Behavioral") is
 * about people and conduct, technical ones otherwise.
 */
export function topicsFor(names: readonly string[], fallback: string): BankTopic[] {
  const list = names.length > 0 ? names : [fallback];
  const behaviouralCategory = isNonTechnicalTopic(fallback);
  const out: BankTopic[] = [];
  for (const name of list) {
    const entry =
      findBankTopic(name) ??
      (behaviouralCategory || isNonTechnicalTopic(name)
        ? genericBehaviouralTopic(name)
        : genericTopic(name));
    if (!out.some((e) => e.topic === entry.topic)) out.push(entry);
  }
  return out;
}

export function levelOf(difficulty: string): Difficulty {
  return (DIFFICULTIES as readonly string[]).includes(difficulty)
    ? (difficulty as Difficulty)
    : 'mid';
}
