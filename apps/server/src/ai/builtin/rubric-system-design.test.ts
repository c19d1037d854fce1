import { systemDesignSpecSchema, type WhiteboardScene } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { systemDesignWhiteboard } from '../../db/seed-data/system-design-whiteboard';
import { designEvidence } from '../../modules/reports/design-evidence';
import { box, chain } from '../../test/boards';
import { builtinReportOf, qaPair, reportInputOf } from '../../test/report-inputs';
import { unscoreableReason, type QaPair } from '../report-input';
import { evaluateAnswer, questionScore } from './evaluator';

const QUESTION = systemDesignWhiteboard.questions![0]!;
const SPEC = systemDesignSpecSchema.parse(QUESTION.systemDesign);

/** The URL shortener question answered with these words over this board. */
function designPair(answer: string, scene: WhiteboardScene): QaPair {
  const design = designEvidence(
    {
      id: 'q',
      questionText: QUESTION.questionText,
      expectedAnswer: null,
      difficulty: 'easy',
      timeLimit: 900,
      kind: 'system-design',
      systemDesign: SPEC,
    },
    0,
    [{ questionIndex: 0, scene }],
  );
  return { ...qaPair(QUESTION.questionText, answer, 'system-design'), design };
}

const STRONG_BOARD = chain('Browser', 'Load balancer', 'API servers', 'Redis cache', 'Postgres');
const STRONG =
  'First, the requirements: users create a short link for a long URL, and the short link redirects to the long URL. ' +
  'Should links expire? I will assume yes, after five years. Redirects must be fast and highly available. ' +
  'At 100 million new links a month that is about 40 writes a second, and with 100 reads per write about 4,000 redirects a second. ' +
  'The browser goes through the load balancer to stateless API servers, which read the Redis cache before Postgres. ' +
  'I would pick SQL vs NoSQL carefully: NoSQL scales the key lookups, but SQL is simpler at 40 writes a second. ' +
  'For the code, a counter encoded in base62 instead of a hash, because a hash vs counter choice trades collisions for coordination.';
const WEAK =
  'I would put a server and a database, and the server stores the links in the database.';
const WEAK_BOARD: WhiteboardScene = { elements: [...box('s', 'Server', 0)] };

const ctx = { vocabulary: [], topics: [] };

describe('the system-design rubric (issue 29)', () => {
  it('scores a strong design above a weak one on every slot, from the board and the words', () => {
    const strong = evaluateAnswer(designPair(STRONG, STRONG_BOARD), 'system-design', ctx);
    const weak = evaluateAnswer(designPair(WEAK, WEAK_BOARD), 'system-design', ctx);
    for (const d of ['accuracy', 'completeness', 'technicalDepth', 'clarity'] as const) {
      expect(strong.dimensions[d].score, d).toBeGreaterThan(weak.dimensions[d].score);
    }
    expect(questionScore(strong.dimensions)).toBeGreaterThanOrEqual(75);
    expect(questionScore(weak.dimensions)).toBeLessThan(40);
    expect(strong.tags).toEqual(['Client', 'Load balancer', 'App server', 'Cache', 'Database']);
  });

  it('gives no credit without evidence: each slot quotes the words or names the component drawn', () => {
    const { dimensions: d } = evaluateAnswer(
      designPair(STRONG, STRONG_BOARD),
      'system-design',
      ctx,
    );
    for (const quote of [...d.accuracy.evidence, ...d.technicalDepth.evidence]) {
      expect(STRONG).toContain(quote);
    }
    expect(d.accuracy.explanation).toMatch(/Stated or asked about 5 of 6 requirement/);
    expect(d.accuracy.explanation).toMatch(/Not covered: 'Short codes are not guessable/);
    expect(d.completeness.explanation).toContain("Load balancer, App server (as 'API servers')");
    // "a counter encoded in base62" names it: said, not drawn, half credit, quoted.
    expect(d.completeness.explanation).toContain('Named but did not draw: ID generator');
    expect(d.completeness.evidence[0]).toMatch(/^For the code, a counter/);
    expect(d.completeness.explanation).toContain('Arrows connect 1 of 1 flow(s)');
    expect(d.technicalDepth.evidence[0]).toMatch(/^At 100 million new links/);
  });

  it('a board drawn in silence is an answer; words about nothing drawn are scored on words', () => {
    const silent = designPair('', STRONG_BOARD);
    expect(unscoreableReason(silent)).toBeNull();
    const d = evaluateAnswer(silent, 'system-design', ctx).dimensions;
    expect(d.completeness.score).toBeGreaterThanOrEqual(60);
    expect(d.accuracy.score).toBe(0);
    expect(d.clarity.score).toBe(0);
    // Named aloud but not drawn: half a block, quoted.
    const said = evaluateAnswer(
      designPair(
        'Users create a short link for a long URL. The client calls the load balancer, then a cache and a database.',
        { elements: [] },
      ),
      'system-design',
      ctx,
    ).dimensions.completeness;
    expect(said.explanation).toMatch(
      /Named but did not draw: Client, Load balancer, Cache, Database/,
    );
    expect(said.evidence).toEqual([
      'Users create a short link for a long URL.',
      'The client calls the load balancer, then a cache and a database.',
    ]);
  });

  it('a design of another system meets none of this spec: it is not scored as this answer', () => {
    const chat = evaluateAnswer(
      designPair(
        'Each phone keeps a websocket open to a chat server through the load balancer. Messages go onto Kafka, partitioned by conversation, and are stored in Cassandra; offline users get push notifications.',
        chain('Phone', 'Load balancer', 'Chat servers', 'Kafka', 'Cassandra'),
      ),
      'system-design',
      ctx,
    );
    expect(questionScore(chat.dimensions)).toBeLessThanOrEqual(15);
  });

  it('the report carries the checklist, the quotes and the diagram of the final board', () => {
    const report = builtinReportOf(
      reportInputOf([designPair(STRONG, STRONG_BOARD)], { flow: 'fixed', plannedQuestions: 1 }),
    );
    const q = report.questionReports[0]!;
    expect(q.kind).toBe('system-design');
    expect(q.scored).toBe(true);
    const design = q.systemDesign!;
    expect(design.blocks.map((b) => [b.name, b.drawnAs])).toEqual([
      ['Client', 'Browser'],
      ['Load balancer', 'Load balancer'],
      ['App server', 'API servers'],
      ['Cache', 'Redis cache'],
      ['Database', 'Postgres'],
      ['ID generator', null],
    ]);
    expect(design.estimates).toHaveLength(2);
    expect(design.tradeOffs.filter((t) => t.quote).map((t) => t.tradeOff)).toEqual([
      'SQL vs NoSQL',
      'hash vs counter',
    ]);
    expect(design.diagram!.boxes.map((b) => [b.label, b.x])).toEqual([
      ['Browser', 0],
      ['Load balancer', 200],
      ['API servers', 400],
      ['Redis cache', 600],
      ['Postgres', 800],
    ]);
    expect(design.diagram!.arrows).toHaveLength(4);
    // Problem solving rests on the design's slots too.
    expect(report.problemSolvingScore).toBeGreaterThan(50);
  });
});
