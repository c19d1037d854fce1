import { systemDesignSpecSchema, type WhiteboardScene } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { systemDesignWhiteboard } from '../../db/seed-data/system-design-whiteboard';
import { DESIGN_PROBES_MAX, decideDesignTurn } from '../../engine/design';
import { INITIAL_STATE, type EngineState } from '../../engine/state';
import { readBoard } from '../../modules/whiteboard';
import { chain } from '../../test/boards';
import { designProbes } from './design-probes';

const SPEC = systemDesignSpecSchema.parse(systemDesignWhiteboard.questions![0]!.systemDesign);
const NOW = new Date('2026-12-01T10:00:00Z');

/**
 * A scripted design round: each step is what the candidate said at a pause and the board as it
 * stood then; the interviewer's reply to each, as the engine decides it from the probes.
 */
function round(steps: { said: string; board: WhiteboardScene }[], askedAt = NOW) {
  let state: EngineState = { ...INITIAL_STATE, questionIndex: 0 };
  let answers = '';
  const replies: string[] = [];
  for (const step of steps) {
    answers = `${answers} ${step.said}`;
    const probes = designProbes(SPEC, readBoard(step.board), answers);
    const move = decideDesignTurn(state, { askedAt, timeLimitSeconds: 900, probes }, NOW);
    if (move.kind === 'advance') {
      replies.push(`(moves on) ${move.lead}`);
      break;
    }
    replies.push(move.text);
    state = move.state;
  }
  return replies;
}

const EMPTY: WhiteboardScene = { elements: [] };
const NO_STORE = chain('Browser', 'Load balancer', 'App server', 'Redis cache');
const FULL = chain('Browser', 'Load balancer', 'App server', 'Redis cache', 'Postgres');

describe('the interviewer reads the board (issue 29)', () => {
  it('asks about the requirements first when none were stated', () => {
    const [first] = round([
      { said: 'Okay, so I will start with a browser and a server.', board: EMPTY },
    ]);
    expect(first).toMatch(/^Before we go further: what must this system do/);
  });

  it('then probes one missing or risky piece per pause, never the same twice', () => {
    const replies = round([
      {
        said: 'Let me draw a browser, a load balancer, the app and a Redis cache.',
        board: NO_STORE,
      },
      {
        said: 'Users create a short link for a long URL and get redirected from the short link.',
        board: NO_STORE,
      },
      { said: 'Hmm, let me think about the storage.', board: NO_STORE },
      { said: 'Postgres behind the cache holds every link.', board: FULL },
      { said: 'At 100 million links a month that is 40 writes a second.', board: FULL },
    ]);
    expect(replies[0]).toMatch(/^Before we go further/);
    // Requirements stated, no data store on the board: where the data lives comes first.
    expect(replies[1]).toBe('Where is the data stored?');
    // Still missing at the next pause: the next gap, not the same question again.
    expect(replies[2]).not.toBe(replies[1]);
    expect(replies[2]).toMatch(/counter|key generation|ID generator|id generator/i);
    // Four probes asked: the interviewer moves on.
    expect(replies).toHaveLength(DESIGN_PROBES_MAX + 1);
    expect(replies.at(-1)).toMatch(/^\(moves on\)/);
  });

  it('asks for the load when no figure was said, and what happens when the drawn cache is down', () => {
    const said =
      'Users create a short link for a long URL and are redirected from the short link. A counter in base62 makes the codes.';
    const probes = designProbes(SPEC, readBoard(FULL), said).map((p) => p.text);
    expect(probes[0]).toMatch(/^How much load do you expect\? Roughly how many writes/);
    expect(probes).toContain('What happens when the cache is down?');
    expect(probes.at(-1)).toBe('Would you choose SQL or NoSQL here, and why?');
    // With the figures and a trade-off said, neither is asked.
    const more = designProbes(
      SPEC,
      readBoard(FULL),
      `${said} About 40 writes a second. SQL vs NoSQL: NoSQL, since every read is by key.`,
    ).map((p) => p.key);
    expect(more).not.toContain('estimates');
    expect(more).not.toContain('trade-off');
  });

  it('asks how a request crosses a gap the arrows leave', () => {
    const split: WhiteboardScene = {
      elements: [
        ...chain('Client', 'Load balancer').elements,
        ...chain('API', 'Cache', 'DB').elements.map((e) => ({
          ...e,
          id: `x${e.id}`,
          ...(e.containerId ? { containerId: `x${e.containerId}` } : {}),
          ...(e.startBinding
            ? {
                startBinding: {
                  elementId: `x${(e.startBinding as { elementId: string }).elementId}`,
                },
                endBinding: { elementId: `x${(e.endBinding as { elementId: string }).elementId}` },
              }
            : {}),
        })),
      ],
    };
    const probes = designProbes(SPEC, readBoard(split), 'Users create short links for long URLs.');
    expect(probes.map((p) => p.text)).toContain(
      'How does a request get from the client to the database? Walk me through it on the board.',
    );
  });

  it('moves on past the question’s time limit, whatever is missing', () => {
    const long = new Date(NOW.getTime() - 901_000);
    expect(round([{ said: 'Still thinking.', board: EMPTY }], long)[0]).toMatch(
      /^\(moves on\) We're out of time/,
    );
  });
});
