import { describe, expect, it } from 'vitest';
import { analyse } from './nlp';
import { actions, storyEvidence } from './story';

describe('the actions of a story', () => {
  it('counts verbs whose past is their base form ("I put", "I cut", "I set")', () => {
    const a = analyse(
      'The night shift kept missing handovers. I put a checklist on the ward board, I cut the handover to ten minutes and I set a reminder for the charge nurse. Missed handovers went from six a week to one.',
    );
    expect(actions(a, 'i')).toEqual(['put', 'cut', 'set']);
    expect(storyEvidence(a).action).toMatch(/^I put a checklist/);
  });

  it('does not count what the candidate thinks or likes as an action', () => {
    expect(actions(analyse('I think it went well and I liked the team.'), 'i')).toEqual([]);
  });
});
