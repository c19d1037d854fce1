import { describe, expect, it } from 'vitest';
import { bankReferenceFor } from '../../ai/builtin/bank';
import { databaseKinds, useTestApp } from '../../test/harness';
import { insertSet, startLive, waitForReport } from '../../test/interviews';
import { signUpCandidate } from '../../test/users';

/**
 * A topic interview with the builtin interviewer asks questions of its bank word for word, and the
 * bank keeps an answer key for them (issue 28): the report reads the answer against it, shows
 * which key points the answer covered, and quotes the words that cover them.
 */

const WARM_UP =
  "Okay, so I'm Zoë O'Brien-Smith, I work on the checkout of an online bookshop, mostly the order service and its database, and lately on making the product pages faster.";
// Said sentence by sentence, as a candidate speaks, about caching in general: whichever caching
// question the bank asks first, some of what a strong answer covers is in it.
const ANSWER = [
  'Um, so a cache keeps a copy of data that is expensive to fetch or compute closer to where it is read, like Redis in front of PostgreSQL.',
  'The usual pattern is cache-aside: read the cache, on a miss read the database and put the value in the cache with a time to live.',
  'The hard part is invalidation, so when you write you delete the key, otherwise readers see stale data until the TTL expires.',
  'You also watch the hit rate and memory, and evict with LRU when it fills up.',
];

describe.each(databaseKinds())('the bank’s answer key in a topic interview on %s', (kind) => {
  const ctx = useTestApp(kind, {}, { listen: true });

  it('reads the answer to a bank question against its key points, and the warm-up against none', async () => {
    const { cookie } = await signUpCandidate(ctx.app);
    const setId = await insertSet(ctx.database.db, {
      type: 'topic-based',
      topics: ['Caching'],
      // One warm-up: a set under 30 minutes has no second one.
      duration: 20,
    });
    const { id, live } = await startLive(ctx.app, cookie, { interviewSetId: setId });
    await live.next('reply.end');
    await live.answer(WARM_UP);
    await live.answer(ANSWER.join(' '));
    live.send({ type: 'end', early: true });
    await live.next('ended');
    const report = await waitForReport(ctx.app, cookie, id);
    live.close();

    const [warmUp, caching] = report.questionReports as {
      question: string;
      expectedAnswer: string | null;
      keyPoints: { point: string; coverage?: string; evidence: string | null }[];
    }[];
    expect(warmUp!.keyPoints).toEqual([]);
    const reference = bankReferenceFor(caching!.question);
    expect(reference, caching!.question).not.toBeNull();
    expect(caching!.expectedAnswer).toBe(reference!.expectedAnswer);
    expect(caching!.keyPoints.map((k) => k.point)).toEqual(reference!.keyPoints);
    // Evidence or no credit: every point counted as covered quotes the candidate's own words.
    const credited = caching!.keyPoints.filter((k) => k.coverage !== 'missed');
    expect(credited.length).toBeGreaterThan(0);
    for (const k of credited) expect(ANSWER.join(' ')).toContain(k.evidence!);
  });
});
