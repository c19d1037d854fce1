import { describe, expect, it } from 'vitest';
import { coverKeyPoints, coverageShare, keyPointsOf, pointsFor } from './key-points';

const coverage = (points: string[], answer: string, question?: string) =>
  coverKeyPoints(points, answer, question).map((k) => k.coverage);

describe('key points split from an expected answer (the fallback)', () => {
  it('keeps a sentence whole when splitting it would leave a fragment', () => {
    const points = keyPointsOf(
      'REST models the domain as resources identified by URLs and manipulated with standard HTTP methods, with stateless requests and representations such as JSON. Paths use nouns rather than verbs.',
    );
    expect(points).toEqual([
      'REST models the domain as resources identified by URLs and manipulated with standard HTTP methods, with stateless requests and representations such as JSON',
      'Paths use nouns rather than verbs',
    ]);
    for (const p of points) expect(p).not.toMatch(/^(with|and|or|such as|which)\b/i);
  });

  it('splits a long sentence at its semicolons when every part is a claim of its own', () => {
    expect(
      keyPointsOf(
        'A readiness probe tells Kubernetes when a pod can receive traffic and removes it from the Service while it starts; a liveness probe tells Kubernetes when a container is stuck and must be restarted by the kubelet.',
      ),
    ).toEqual([
      'A readiness probe tells Kubernetes when a pod can receive traffic and removes it from the Service while it starts',
      'a liveness probe tells Kubernetes when a container is stuck and must be restarted by the kubelet',
    ]);
  });

  it('prefers the explicit key points an administrator wrote', () => {
    expect(
      pointsFor({
        keyPoints: ['Use HTTPS everywhere'],
        expectedAnswer: 'Something else. Entirely.',
      }),
    ).toEqual(['Use HTTPS everywhere']);
    expect(
      pointsFor({
        keyPoints: [],
        expectedAnswer: 'Closures keep the outer variables alive. Closures give data privacy.',
      }),
    ).toHaveLength(2);
    expect(pointsFor({ expectedAnswer: null })).toEqual([]);
  });
});

describe('matching an answer against key points', () => {
  it('understands inflections and near synonyms', () => {
    expect(
      coverage(
        ['Use HTTPS everywhere'],
        'All of the traffic goes over HTTPS, nothing in plain text.',
      ),
    ).toEqual(['covered']);
    expect(
      coverage(
        ['404 when the resource is missing'],
        "If the order doesn't exist, the API answers 404.",
      ),
    ).toEqual(['covered']);
    expect(
      coverage(
        ['Return 404 Not Found for a missing resource'],
        'A resource that is absent gets a 404.',
      ),
    ).toEqual(['covered']);
    expect(
      coverage(['Indexes are usually B-trees'], 'Most indices are stored as a B-tree.'),
    ).toEqual(['covered']);
    expect(
      coverage(['PUT replaces the whole resource'], 'A PUT replaced the entire resource.'),
    ).toEqual(['covered']);
  });

  it('misses a point the answer does not make', () => {
    expect(
      coverage(['Hash passwords with argon2 or bcrypt'], 'We validate every input with a schema.'),
    ).toEqual(['missed']);
  });

  it('counts a hedged claim only in part, and says so', () => {
    const [point] = coverKeyPoints(
      ['GET requests are safe'],
      'GET requests are safe I guess, they only read.',
    );
    expect(point).toMatchObject({ coverage: 'partial', covered: false });
    expect(point!.note).toMatch(/hedge.*I guess/);
    expect(point!.evidence).toBe('GET requests are safe I guess, they only read.');
  });

  it('does not count repeating the question as covering a point', () => {
    const question = 'Explain the difference between an INNER JOIN and a LEFT JOIN.';
    expect(
      coverage(
        ['A LEFT JOIN returns every row of the left table'],
        'A left join is a join on the left table.',
        question,
      ),
    ).not.toContain('covered');
    expect(
      coverage(
        ['A LEFT JOIN returns every row of the left table'],
        'The left join returns all the rows of the left table, matched or not.',
        question,
      ),
    ).toEqual(['covered']);
  });

  it('quotes the sentence that covers a point, verbatim', () => {
    const answer =
      'Okay, so first of all HTTPS. Then for the browser we keep the session in an httpOnly cookie.';
    const [https, cookie] = coverKeyPoints(
      ['Use HTTPS everywhere', 'Keep the session in an httpOnly cookie'],
      answer,
    );
    expect(https!.evidence).toBe('Okay, so first of all HTTPS.');
    expect(cookie!.evidence).toBe(
      'Then for the browser we keep the session in an httpOnly cookie.',
    );
  });

  it('counts a partly covered point as half', () => {
    expect(
      coverageShare([
        { point: 'a', covered: true, coverage: 'covered', evidence: 'x' },
        { point: 'b', covered: false, coverage: 'partial', evidence: 'y' },
        { point: 'c', covered: false, coverage: 'missed', evidence: null },
        { point: 'd', covered: false, coverage: 'missed', evidence: null },
      ]),
    ).toBe(0.375);
    expect(coverageShare([])).toBeNull();
  });
});
