import { QUESTION_KINDS } from '@candor/shared';
import { z } from 'zod';
import type { QaPair, ReportInput } from '../../report-input';
import bankTechnical from './bank/technical-bank.json';
import bank2Technical from './bank-2/technical-bank.json';
import bank3Technical from './bank-3/technical-bank.json';
import bank4Technical from './bank-4/technical-bank.json';
import heldOutBehavioural from './held-out/warm-up-and-behavioural.json';
import heldOutDesignAndCoding from './held-out/system-design-and-coding.json';
import heldOutFixed from './held-out/technical-fixed.json';
import heldOutTopicBased from './held-out/technical-topic-based.json';
import heldOut2Behavioural from './held-out-2/warm-up-and-behavioural.json';
import heldOut2DesignAndCoding from './held-out-2/system-design-and-coding.json';
import heldOut2Fixed from './held-out-2/technical-fixed.json';
import heldOut2TopicBased from './held-out-2/technical-topic-based.json';
import heldOut3Behavioural from './held-out-3/warm-up-and-behavioural.json';
import heldOut3DesignAndCoding from './held-out-3/system-design-and-coding.json';
import heldOut3Fixed from './held-out-3/technical-fixed.json';
import heldOut3TopicBased from './held-out-3/technical-topic-based.json';
import heldOut4Behavioural from './held-out-4/warm-up-and-behavioural.json';
import heldOut4DesignAndCoding from './held-out-4/system-design-and-coding.json';
import heldOut4Fixed from './held-out-4/technical-fixed.json';
import heldOut4TopicBased from './held-out-4/technical-topic-based.json';
import heldOut5Behavioural from './held-out-5/warm-up-and-behavioural.json';
import heldOut5DesignAndCoding from './held-out-5/system-design-and-coding.json';
import heldOut5Fixed from './held-out-5/technical-fixed.json';
import heldOut5TopicBased from './held-out-5/technical-topic-based.json';
import heldOut6Behavioural from './held-out-6/warm-up-and-behavioural.json';
import heldOut6DesignAndCoding from './held-out-6/system-design-and-coding.json';
import heldOut6Fixed from './held-out-6/technical-fixed.json';
import heldOut6TopicBased from './held-out-6/technical-topic-based.json';
import heldOut7Behavioural from './held-out-7/warm-up-and-behavioural.json';
import heldOut7DesignAndCoding from './held-out-7/system-design-and-coding.json';
import heldOut7Fixed from './held-out-7/technical-fixed.json';
import heldOut7TopicBased from './held-out-7/technical-topic-based.json';
import tunedBehavioural from './tuned/warm-up-and-behavioural.json';
import tunedDesignAndCoding from './tuned/system-design-and-coding.json';
import tunedFixed from './tuned/technical-fixed.json';
import tunedTopicBased from './tuned/technical-topic-based.json';

/**
 * The graded corpus of issue 28 (README.md beside this file): questions of every kind, each with
 * five answers graded 5 (excellent) to 1 (nothing of substance) and one off-topic answer, a strong
 * answer to another question of the same field. The held-out part was written and committed
 * before the tuned part and before any rule change; scorers are fitted to the tuned part only.
 * Held-out 2 was written later, in other fields, without reading the scorer or the first held-out
 * part, so that it still judges a scorer whose rules were fixed after the first one was read.
 * Held-out 3 was written the same way after held-out 2 had been judged, for the next round, and
 * held-out 4 after held-out 3 had been judged, held-out 5 after held-out 4 had been judged,
 * held-out 6 after held-out 5 had been judged, and held-out 7 after round 8 had been fixed.
 */

/** Best first; 1 is an attempt that says nothing of substance, not always "I don't know". */
export const GRADES = [5, 4, 3, 2, 1] as const;
export type Grade = (typeof GRADES)[number];

/** The shapes of question an interview asks; a system-design question is scored as technical. */
export const GRADED_FORMS = [
  'warm-up',
  'technical',
  'system-design',
  'behavioural',
  'coding',
] as const;

export const GRADED_PART_NAMES = [
  'tuned',
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'bank',
  'bank-2',
  'bank-3',
  'bank-4',
] as const;
export type GradedPartName = (typeof GRADED_PART_NAMES)[number];

const text = z.string().trim().min(1);

export const gradedQuestionSchema = z
  .object({
    /**
     * The prefix names the part: tu- tuned, ho- held-out, h2- to h7- held-out 2 to 7, bk- the
     * builtin bank's own questions, b2- and b3- further parts of them, each written after the one before was read.
     */
    id: z.string().regex(/^(tu|ho|h2|h3|h4|h5|h6|h7|bk|b2|b3|b4)-[a-z0-9-]+$/),
    form: z.enum(GRADED_FORMS),
    kind: z.enum(QUESTION_KINDS),
    /** Fixed: a catalogue question with its kind, expected answer and key points. Topic-based: an
     * interviewer's free-form question on the set's topics, whose kind the scorer works out. */
    flow: z.enum(['fixed', 'topic-based']),
    domain: text,
    category: text,
    topics: z.array(text).min(1),
    question: text,
    expectedAnswer: text.nullable(),
    keyPoints: z.array(text),
    /** Coding questions: what a strong solution achieves, as the catalogue states it. */
    expectedComplexity: text.optional(),
    answers: z.object({ '5': text, '4': text, '3': text, '2': text, '1': text }).strict(),
    offTopic: z.object({ answers: text, text }).strict(),
  })
  .strict();
export type GradedQuestion = z.infer<typeof gradedQuestionSchema>;

const parse = (files: unknown[][]) => z.array(gradedQuestionSchema).parse(files.flat());

export const GRADED_PARTS: Record<GradedPartName, GradedQuestion[]> = {
  tuned: parse([tunedBehavioural, tunedFixed, tunedTopicBased, tunedDesignAndCoding]),
  'held-out': parse([heldOutBehavioural, heldOutFixed, heldOutTopicBased, heldOutDesignAndCoding]),
  'held-out-2': parse([
    heldOut2Behavioural,
    heldOut2Fixed,
    heldOut2TopicBased,
    heldOut2DesignAndCoding,
  ]),
  'held-out-3': parse([
    heldOut3Behavioural,
    heldOut3Fixed,
    heldOut3TopicBased,
    heldOut3DesignAndCoding,
  ]),
  'held-out-4': parse([
    heldOut4Behavioural,
    heldOut4Fixed,
    heldOut4TopicBased,
    heldOut4DesignAndCoding,
  ]),
  'held-out-5': parse([
    heldOut5Behavioural,
    heldOut5Fixed,
    heldOut5TopicBased,
    heldOut5DesignAndCoding,
  ]),
  'held-out-6': parse([
    heldOut6Behavioural,
    heldOut6Fixed,
    heldOut6TopicBased,
    heldOut6DesignAndCoding,
  ]),
  'held-out-7': parse([
    heldOut7Behavioural,
    heldOut7Fixed,
    heldOut7TopicBased,
    heldOut7DesignAndCoding,
  ]),
  // The builtin bank's technical questions word for word, asked as its interviewer asks them (no
  // reference in the file): the bench reads them with and without the bank's answer key.
  bank: parse([bankTechnical]),
  'bank-2': parse([bank2Technical]),
  'bank-3': parse([bank3Technical]),
  // Half of its off-topic answers answer a question of another topic of the same field.
  'bank-4': parse([bank4Technical]),
};

/**
 * The report input of one answer, built as the held-out evaluation set builds it
 * (../held-out/held-out.test.ts): a fixed question carries its kind, key points and expected
 * answer; a topic-based one only the set's topics and category. A coding question carries the
 * record the server keeps once it is asked, here with no runs: the corpus grades the spoken
 * approach, and tests passed are facts the coding rubric takes from the server's runs.
 */
export function reportInputFor(
  question: GradedQuestion,
  answer: string,
  /** A topic-based question's answer key, as the report finds one for a bank question. */
  reference?: { expectedAnswer: string; keyPoints: readonly string[] } | null,
): ReportInput {
  const fixed = question.flow === 'fixed';
  const pair: QaPair = {
    question: question.question,
    answer,
    expectedAnswer: question.expectedAnswer ?? reference?.expectedAnswer ?? null,
    ...(fixed ? { kind: question.kind, keyPoints: question.keyPoints } : {}),
    ...(!fixed && reference ? { keyPoints: [...reference.keyPoints] } : {}),
    ...(question.kind === 'coding'
      ? {
          coding: {
            expectedComplexity: question.expectedComplexity ?? '',
            askedAt: null,
            runs: [],
          },
        }
      : {}),
    questionIndex: fixed ? 0 : null,
    confidence: 0.92,
    mode: 'voice',
  };
  return {
    interview: {
      title: `Graded corpus: ${question.domain}`,
      category: question.category,
      difficulty: 'mid',
      flow: question.flow,
      topics: question.topics,
      durationMinutes: 30,
      actualMinutes: 3,
      endedEarly: false,
      plannedQuestions: fixed ? 1 : null,
    },
    pairs: [pair],
    transcript: [],
  };
}
