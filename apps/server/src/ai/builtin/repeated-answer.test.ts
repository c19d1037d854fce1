import { DID_NOT_ANSWER } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { builtinReportOf, qaPair, reportInputOf } from '../../test/report-inputs';
import { sameAnswerElsewhere } from './repeated-answer';

/**
 * Issue 28: a topic set on SQL and Apache Spark answered every time with the same story about
 * indexes and partitioning. The same words answer one question at most.
 */

const INDEX_STORY =
  'At my last job the orders report took forty seconds. I ran EXPLAIN ANALYZE and saw a sequential scan over ninety million rows, so I added a composite index on customer id and created date, and partitioned the table by month so old partitions were never read. The report went down to under a second, and the nightly load got faster too because each month was a partition of its own.';
const SLOW_QUERY = 'How did you speed up a slow query on a large table?';
const ACID = 'What do the ACID properties of a transaction guarantee?';
const ETL = 'What is the difference between ETL and ELT?';
const ACID_ANSWER =
  'Atomicity means a transaction happens completely or not at all, consistency that it moves the database from one valid state to another, isolation that concurrent transactions do not see each other half done, and durability that once committed it survives a crash, because it was written to the log first.';

const sqlSet = { topics: ['SQL', 'Apache Spark'], category: 'Data Engineering' };

describe('the same answer given to several questions', () => {
  it('answers only the question it fits best; the others did not get an answer', () => {
    const report = builtinReportOf(
      reportInputOf(
        [qaPair(ACID, INDEX_STORY), qaPair(ETL, INDEX_STORY), qaPair(SLOW_QUERY, INDEX_STORY)],
        sqlSet,
      ),
    );
    const [acid, etl, slow] = report.questionReports;
    for (const q of [acid!, etl!]) {
      expect(q.relevance?.verdict).toBe('off-topic');
      expect(q.score).toBeLessThanOrEqual(15);
      expect(q.comment).toContain(`${DID_NOT_ANSWER}. The same answer was given to question 3`);
    }
    expect(slow!.relevance?.verdict).not.toBe('off-topic');
    expect(slow!.score).toBeGreaterThan(40);
  });

  it('leaves answers of their own alone, however many words of the field they share', () => {
    const attempt = [qaPair(ACID, ACID_ANSWER), qaPair(SLOW_QUERY, INDEX_STORY)];
    expect(attempt.map((p) => sameAnswerElsewhere(p, attempt))).toEqual([null, null]);
  });

  it('keeps it for the first question asked when it fits two equally', () => {
    const attempt = [qaPair(SLOW_QUERY, INDEX_STORY), qaPair(SLOW_QUERY, INDEX_STORY)];
    expect(sameAnswerElsewhere(attempt[0]!, attempt)).toBeNull();
    expect(sameAnswerElsewhere(attempt[1]!, attempt)).toEqual({ number: 1, question: SLOW_QUERY });
  });
});
