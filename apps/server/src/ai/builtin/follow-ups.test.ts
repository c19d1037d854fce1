import { describe, expect, it } from 'vitest';
import { interviewContextOf } from '../../test/interview-contexts';
import type { ChatMessage, InterviewContext } from '../provider';
import {
  FOLLOW_UP,
  PROBE_LEAD,
  SMALLER_PIECE,
  STOP_THERE,
  builtinInterviewerTurn,
  followUpsAllowed,
} from './interviewer';

const context = interviewContextOf;

/** The conversation after the warm-up and the first bank question, then these answers. */
function after(answers: string[], c: InterviewContext) {
  const messages: ChatMessage[] = [];
  const kinds: string[] = [];
  const said: string[] = [];
  const turn = () => {
    const t = builtinInterviewerTurn(c, messages);
    messages.push({ role: 'assistant', content: t.text });
    said.push(t.text);
    kinds.push(t.kind);
  };
  turn();
  for (const a of ['I build payment systems.', ...answers]) {
    messages.push({ role: 'user', content: a });
    turn();
  }
  return { said: said.slice(2), kinds: kinds.slice(2) };
}

const THIN = 'Okay, so, an index makes queries faster.';
const COMPLETE =
  'Okay, so an index is a separate structure, usually a B-tree, that keeps a column sorted so the database can find rows without scanning the whole table. For example, in my last job we added a composite index on customer and created date, which took our slowest query from two seconds to five milliseconds. The trade-off is that every insert and update has to maintain the index, so writes get slower and it takes disk space, which is why we only index what queries actually filter on.';

describe('follow-ups on a thin answer (issue 15)', () => {
  it('a thin answer gets one follow-up; a complete one does not', () => {
    const thin = after([THIN], context());
    expect(thin.kinds[0]).toBe('follow-up');
    expect(thin.said[0]).toContain(FOLLOW_UP);
    const complete = after([COMPLETE], context());
    expect(complete.kinds[0]).toBe('question');
    expect(complete.said[0]).not.toContain(FOLLOW_UP);
  });

  it('asks none at depth 0, and at most two at depth 2, the second about what was left out', () => {
    expect(after([THIN], context({ followUpDepth: 0 })).kinds[0]).toBe('question');
    const two = after([THIN, 'Hmm, it is faster.', 'Still faster.'], context({ followUpDepth: 2 }));
    expect(two.kinds).toEqual(['follow-up', 'follow-up', 'question']);
    expect(two.said[1]).toContain(PROBE_LEAD);
    // The probe names a term of the topic the answers never used.
    const term = /where does (.+) come into it\?/.exec(two.said[1]!)![1]!;
    expect(`${THIN} Hmm, it is faster.`.toLowerCase()).not.toContain(term.toLowerCase());
  });

  it('stops probing once the answer is complete', () => {
    const c = context({ followUpDepth: 2 });
    expect(after([THIN, COMPLETE], c).kinds).toEqual(['follow-up', 'question']);
  });

  it('a demanding interviewer asks one more, and is brief', () => {
    expect(followUpsAllowed(context({ style: 'demanding', followUpDepth: 1 }))).toBe(2);
    expect(followUpsAllowed(context({ style: 'demanding', followUpDepth: 0 }))).toBe(0);
    const demanding = after([THIN, 'Faster lookups.'], context({ style: 'demanding' }));
    expect(demanding.kinds).toEqual(['follow-up', 'follow-up']);
    expect(demanding.said[0]).toMatch(/^(Right|Okay)\. /);
    const friendly = after([COMPLETE], context());
    expect(friendly.said[0]).toMatch(/^(Thank|Thanks|Got it|Okay, thank)/);
    const neutral = after([COMPLETE], context({ style: 'neutral' }));
    expect(neutral.said[0]).toMatch(/^(Okay|Noted|Understood|All right)\. /);
  });

  it('a demanding interviewer stops a two-minute ramble and moves on', () => {
    const c = context({ style: 'demanding', lastAnswerSeconds: 121 });
    const { said, kinds } = after([THIN], c);
    expect(said[0]!.startsWith(STOP_THERE)).toBe(true);
    expect(kinds[0]).toBe('question');
    // Friendly interviewers let the candidate finish.
    expect(after([THIN], context({ lastAnswerSeconds: 300 })).said[0]).not.toContain(STOP_THERE);
  });

  it('"I don’t know" gets the follow-up the style promises, not "thank you, let’s move on" (issue 27)', () => {
    const { said, kinds } = after(["I don't know."], context());
    expect(kinds[0]).toBe('follow-up');
    expect(said[0]).toMatch(/^(That's all right|No problem|That's fine)\. /);
    expect(said[0]).toContain(SMALLER_PIECE);
    expect(said[0]).not.toMatch(/thank/i);
    // Two allowed, two asked; none allowed, none asked.
    const two = after(["I don't know.", 'No idea, sorry.'], context({ followUpDepth: 2 }));
    expect(two.kinds).toEqual(['follow-up', 'follow-up']);
    expect(after(["I don't know."], context({ followUpDepth: 0 })).kinds[0]).toBe('question');
  });
});
