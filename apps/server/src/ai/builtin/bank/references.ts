import { z } from 'zod';
import { BANK, type BankTopic } from './entries';
import backend from './references/backend.json';
import data from './references/data.json';
import frontendA from './references/frontend-a.json';
import frontendB from './references/frontend-b.json';
import fundamentals from './references/fundamentals.json';
import infrastructure from './references/infrastructure.json';
import languages from './references/languages.json';

/**
 * The bank's answer key (issue 28): for each technical question the builtin interviewer asks from
 * its bank, what a strong answer says and the key points it covers. Without one the scorer can
 * only count what an answer says; with one it reads the answer against it, as it does a
 * catalogue question (graded corpus: Spearman 0.71–0.94 with a reference against 0.51–0.87
 * without, off-topic answers 19–38 against 29–59, on the six parts).
 * Behavioural questions have none: a story is read by its theme, not against a model answer.
 */
const referenceSchema = z.object({
  question: z.string().min(10),
  expectedAnswer: z.string().min(40).max(2000),
  keyPoints: z.array(z.string().min(5).max(300)).min(2).max(8),
});
export type BankReference = z.infer<typeof referenceSchema>;

export const BANK_REFERENCES: readonly BankReference[] = z
  .array(referenceSchema)
  .parse([
    ...frontendA,
    ...frontendB,
    ...backend,
    ...fundamentals,
    ...infrastructure,
    ...data,
    ...languages,
  ]);

/** Each technical bank question's topic: the questions beside it that its interviewer asks. */
const TOPIC_OF: ReadonlyMap<string, string> = new Map(
  BANK.filter((t) => t.kind === 'technical').flatMap((t) =>
    Object.values(t.questions)
      .flat()
      .map((q) => [q, t.topic] as const),
  ),
);

/** Every technical question of the bank, for the references' own check. */
export const BANK_TECHNICAL_QUESTIONS: ReadonlySet<string> = new Set(TOPIC_OF.keys());

/**
 * The answer keys of the questions a candidate asked a bank question may be answering instead: the
 * other questions of its topic (the caching topic's stampede, asked about invalidation), and those
 * of the set's other topics (a Spark answer on partitioning, asked about ACID in a set on SQL and
 * Apache Spark: the example).
 */
export function bankNeighbours(
  question: string,
  setTopics: readonly Pick<BankTopic, 'topic'>[] = [],
): BankReference[] {
  const own = bankReferenceFor(question);
  const topic = own ? TOPIC_OF.get(own.question) : undefined;
  const topics = new Set([...(topic ? [topic] : []), ...setTopics.map((t) => t.topic)]);
  return BANK_REFERENCES.filter((r) => r !== own && topics.has(TOPIC_OF.get(r.question) ?? ''));
}

/**
 * The reference of the bank question an interviewer's line asks, or null. The line carries the
 * question word for word after an acknowledgement or a transition ("Thanks. Moving on to
 * caching: …"); the longest question found wins, so a short question inside a longer one does not.
 */
export function bankReferenceFor(line: string): BankReference | null {
  let best: BankReference | null = null;
  for (const r of BANK_REFERENCES) {
    if (line.includes(r.question) && (!best || r.question.length > best.question.length)) best = r;
  }
  return best;
}
