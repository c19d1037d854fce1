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

export function levelOf(difficulty: string): Difficulty {
  return (DIFFICULTIES as readonly string[]).includes(difficulty)
    ? (difficulty as Difficulty)
    : 'mid';
}
