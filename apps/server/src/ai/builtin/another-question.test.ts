import { describe, expect, it } from 'vitest';
import type { QaPair } from '../report-input';
import { builtinReportOf, reportInputOf } from '../../test/report-inputs';
import { answersAnotherQuestion } from './another-question';
import { BANK, bankReferenceFor } from './bank';
import { GRADED_PARTS } from './graded/corpus';
import { coverKeyPoints, pointsFor } from './key-points';

const INVALIDATE = 'How do you invalidate a cache when the underlying data changes?';
const STAMPEDE = 'What is a cache stampede, and how do you prevent it?';

/** A pair as the report builds it for a bank question: with the bank's answer key. */
function asked(
  question: string,
  answer: string,
): { pair: QaPair; covered: ReturnType<typeof coverKeyPoints> } {
  const reference = bankReferenceFor(question)!;
  const pair: QaPair = {
    question,
    answer,
    expectedAnswer: reference.expectedAnswer,
    keyPoints: [...reference.keyPoints],
    questionIndex: null,
    confidence: 0.9,
    mode: 'voice',
  };
  return { pair, covered: coverKeyPoints(pointsFor(pair), answer, question) };
}

// Spoken, as a candidate answers: fillers, a restart, names.
const STAMPEDE_ANSWER =
  "Okay, so a stampede is when a hot key expires and, um, hundreds of requests miss at the same moment and all go to the database to rebuild it together, which can knock the database over and then everything cascades. To prevent it you let one request rebuild the value, single-flight or a lock in Redis, and everyone else either waits or gets the stale value while one background refresh runs. Zoë O'Brien-Smith on our team also added random jitter to the TTLs so keys don't all expire at once, and we pre-warm the hot keys after a deploy or when the cache restarts.";
const INVALIDATION_ANSWER =
  'So when the data changes I delete the cache key after the database write commits, rather than updating the cached value, because two writers updating can leave the older value in there. Sometimes we do a second delete a bit later for the race with a reader that was refilling it. Across services we listen to change events, change data capture from the database, and drop the keys. And TTLs stay as a safety net so nothing is stale forever. The hard part is the derived keys, lists and counts that include the row, you have to track those too.';

describe('an answer to a neighbouring question (decision 051)', () => {
  it('asked about invalidation, a stampede answer answers the bank topic’s stampede question', () => {
    const { pair, covered } = asked(INVALIDATE, STAMPEDE_ANSWER);
    const other = answersAnotherQuestion(pair, covered);
    expect(other?.question).toBe(STAMPEDE);
    expect(other!.covered).toBeGreaterThanOrEqual(2);
  });

  it('leaves an answer to the asked question alone, and the neighbour’s answer to its own question', () => {
    const invalidation = asked(INVALIDATE, INVALIDATION_ANSWER);
    expect(answersAnotherQuestion(invalidation.pair, invalidation.covered)).toBeNull();
    const stampede = asked(STAMPEDE, STAMPEDE_ANSWER);
    expect(answersAnotherQuestion(stampede.pair, stampede.covered)).toBeNull();
  });

  it('reads a catalogue set’s other questions as neighbours, and none without an answer key', () => {
    const question = 'What is the difference between a process and a thread?';
    const keyPoints = [
      'A process has its own address space; threads share their process memory',
      'Switching between threads is cheaper than between processes',
      'A crash in one thread can take down the whole process',
    ];
    const answer = STAMPEDE_ANSWER;
    const pair: QaPair = {
      question,
      answer,
      expectedAnswer: 'Processes are isolated; threads share memory.',
      keyPoints,
      questionIndex: 0,
      confidence: 0.9,
      mode: 'voice',
    };
    const covered = coverKeyPoints(keyPoints, answer, question);
    const stampede = bankReferenceFor(STAMPEDE)!;
    const set = [
      pair,
      {
        question: STAMPEDE,
        expectedAnswer: stampede.expectedAnswer,
        keyPoints: stampede.keyPoints,
      },
    ];
    expect(answersAnotherQuestion(pair, covered, set)?.question).toBe(STAMPEDE);
    // The same neighbour without an answer key (a free-form question) says nothing.
    expect(
      answersAnotherQuestion(pair, covered, [pair, { question: STAMPEDE, expectedAnswer: null }]),
    ).toBeNull();
    // Nor does a question without key points of its own: nothing to compare with.
    expect(answersAnotherQuestion({ ...pair, keyPoints: [] }, [], set)).toBeNull();
  });

  it('reads the bank questions of the set’s topics as a catalogue question’s neighbours', () => {
    const question =
      'What is the difference between a mutex and a semaphore in an operating system?';
    expect(bankReferenceFor(question)).toBeNull();
    const keyPoints = [
      'A mutex is owned: only the thread that locked it may unlock it',
      'A semaphore counts permits and any thread may signal it',
      'A binary semaphore is not a mutex: it has no owner and no priority inheritance',
    ];
    const pair: QaPair = {
      question,
      answer: STAMPEDE_ANSWER,
      expectedAnswer: 'A mutex is owned; a semaphore counts.',
      keyPoints,
      questionIndex: 0,
      confidence: 0.9,
      mode: 'voice',
    };
    const covered = coverKeyPoints(keyPoints, STAMPEDE_ANSWER, question);
    expect(answersAnotherQuestion(pair, covered, [pair])).toBeNull();
    const caching = BANK.filter((t) => t.topic === 'Caching');
    expect(answersAnotherQuestion(pair, covered, [pair], caching)?.question).toBe(STAMPEDE);
  });

  it('is "Did not answer the question" in the report, naming the question it answers', () => {
    const { pair } = asked(INVALIDATE, STAMPEDE_ANSWER);
    const [q] = builtinReportOf(reportInputOf([pair])).questionReports;
    expect(q!.relevance).toEqual({
      verdict: 'off-topic',
      reason: expect.stringContaining(`another question ("${STAMPEDE}")`),
    });
    expect(q!.score).toBeLessThanOrEqual(15);
    // Nothing of an answer to another question is credited to this one.
    expect(q!.keyPoints.every((k) => k.coverage === 'missed')).toBe(true);
    const good = builtinReportOf(reportInputOf([asked(INVALIDATE, INVALIDATION_ANSWER).pair]));
    expect(good.questionReports[0]!.relevance?.verdict).toBe('answered');
  });

  it('leaves an excellent answer in its own words alone, though few of its key points match', () => {
    // Bank part 2's excellent answer on Terraform state: one of its five key points matched in full,
    // three of the drift question's did, and round 7 called it "Did not answer" until a words guard
    // was added. Its points said in part count (0.50 of its own against 0.58 of the neighbour's).
    const q = GRADED_PARTS['bank-2'].find((x) => x.id === 'b2-iac-state')!;
    const { pair, covered } = asked(q.question, q.answers[5]);
    expect(covered.filter((k) => k.coverage === 'covered').length).toBeLessThan(2);
    expect(answersAnotherQuestion(pair, covered)).toBeNull();
  });

  it.each([
    // Round 7 missed both (decision 053): the first says the asked question's own words
    // ("merge", "rebase") while explaining the neighbour; the second says two of its six points.
    ['b3-git-merge-rebase', 'says the asked question’s words'],
    ['b3-cache-patterns', 'covers two of the asked question’s six points'],
  ])('%s: recognises an answer to the neighbour that %s', (id) => {
    const q = GRADED_PARTS['bank-3'].find((x) => x.id === id)!;
    const { pair, covered } = asked(q.question, q.offTopic.text);
    expect(answersAnotherQuestion(pair, covered)?.question).toBe(q.offTopic.answers);
  });

  it('leaves every graded answer of grade 3 and above of the bank parts alone', () => {
    const parts = [GRADED_PARTS.bank, GRADED_PARTS['bank-2'], GRADED_PARTS['bank-3']];
    const called = parts.flat().flatMap((q) =>
      ([5, 4, 3] as const).flatMap((grade) => {
        const { pair, covered } = asked(q.question, q.answers[grade]);
        return answersAnotherQuestion(pair, covered) ? [`${q.id} grade ${grade}`] : [];
      }),
    );
    expect(called).toEqual([]);
  });

  it('reads the questions of the set’s other topics as neighbours (decision 053)', () => {
    // The example: a set on SQL and Apache Spark, asked about ACID, answered on pipelines.
    const ACID = 'What do the ACID properties of a transaction guarantee?';
    const RERUN = 'How do you make a data pipeline safe to re-run?';
    const answer =
      "Okay, so the rule I follow is that running a job twice for the same day must leave exactly what running it once leaves: every step idempotent. So each run works on one partition, the date, and it overwrites that partition instead of appending to it, so a rerun replaces yesterday's rows rather than doubling them. Where we load into a table we merge on the business key, an upsert, never a blind insert. Siobhán made the loads write to a staging table first and swap it in atomically, so a run that dies halfway leaves no partial data. And nothing reads the current time inside the job: each run is parameterised by its logical date, so a backfill of last March gives the same result it gave then.";
    const { pair, covered } = asked(ACID, answer);
    // ACID is a Databases question; re-running a pipeline is Data Engineering's.
    expect(answersAnotherQuestion(pair, covered)).toBeNull();
    const set = BANK.filter((t) => t.topic === 'Databases' || t.topic === 'Data Engineering');
    expect(answersAnotherQuestion(pair, covered, [], set)?.question).toBe(RERUN);
    const [q] = builtinReportOf(
      reportInputOf([pair], { topics: ['SQL', 'Data Engineering'] }),
    ).questionReports;
    expect(q!.relevance).toEqual({
      verdict: 'off-topic',
      reason: expect.stringContaining(`another question ("${RERUN}")`),
    });
  });
});
