import { describe, expect, it } from 'vitest';
import type { InterviewRow, MessageRow } from '../interviews';
import { untaggedKinds } from './untagged-kinds';

/** Messages stored before live protocol v2: no meta.kind. */
function message(speaker: 'AI' | 'User', meta: MessageRow['meta'] = {}): MessageRow {
  return { speaker, message: 'words that are never read', meta } as MessageRow;
}

describe('kinds of interviewer messages stored before kinds existed', () => {
  it('fixed flow: questions of the set by their index, everything else the engine’s own', () => {
    const row = { type: 'fixed' } as InterviewRow;
    const messages = [
      message('AI', { questionIndex: 0 }),
      message('User'),
      message('AI', { failed: true }),
      message('User'),
      message('AI', { questionIndex: 1 }),
      message('User'),
      message('AI'),
    ];
    expect(untaggedKinds(row, messages)).toEqual([
      'question',
      undefined,
      'apology',
      undefined,
      'question',
      undefined,
      'closing',
    ]);
  });

  it('topic flow: questions, but the line before a late answer is time-up; tagged lines keep theirs', () => {
    const row = { type: 'topic-based' } as InterviewRow;
    const messages = [
      message('AI'),
      message('User'),
      message('AI', { kind: 'follow-up' }),
      message('User'),
      message('AI'),
      message('User', { late: true }),
    ];
    expect(untaggedKinds(row, messages)).toEqual([
      'question',
      undefined,
      undefined,
      undefined,
      'time-up',
      undefined,
    ]);
  });
});
