import { describe, expect, it } from 'vitest';
import { filterCandidateSpeech, similarity, SIMILARITY_THRESHOLD } from './speech-filter';
import { asksForTimeToThink, takeSentences } from './voice-config';

describe('the candidate speech filter', () => {
  it('ignores empty input', () => {
    expect(filterCandidateSpeech('   ')).toEqual({ accept: false, reason: 'empty' });
  });

  it('rejects an echo of the interviewer above 0.6 similarity, only for texts over 10 characters', () => {
    const ai = 'What is a closure in JavaScript and when would you use one?';
    expect(similarity(ai, ai)).toBe(1);
    expect(
      filterCandidateSpeech('what is a closure in javascript and when would you use', ai),
    ).toEqual({ accept: false, reason: 'echo' });
    expect(
      filterCandidateSpeech('A closure keeps the scope of its outer function alive.', ai),
    ).toEqual({ accept: true });
    expect(similarity('closure', 'closure')).toBeGreaterThan(SIMILARITY_THRESHOLD);
    expect(filterCandidateSpeech('closure', 'closure')).toEqual({ accept: true });
  });

  it('weighs word overlap 70% and edit distance 30%', () => {
    // Same words in another order: overlap 1, edit similarity low.
    const s = similarity('alpha beta gamma delta', 'delta gamma beta alpha');
    expect(s).toBeGreaterThanOrEqual(0.7);
    expect(s).toBeLessThan(1);
    expect(similarity('completely different words', 'nothing shared here at all')).toBeLessThan(
      0.3,
    );
  });

  it('rejects typical interviewer phrases, and the longer list only above 15 characters', () => {
    expect(filterCandidateSpeech('next question')).toEqual({
      accept: false,
      reason: 'interviewer-phrase',
    });
    expect(filterCandidateSpeech('Can you explain that again?')).toEqual({
      accept: false,
      reason: 'interviewer-phrase',
    });
    expect(filterCandidateSpeech('how would you')).toEqual({ accept: true });
    expect(filterCandidateSpeech('So how would you scale this service?')).toEqual({
      accept: false,
      reason: 'interviewer-phrase',
    });
  });

  it('rejects over five words with a unique-word ratio below 0.6', () => {
    expect(filterCandidateSpeech('the the the the the cache')).toEqual({
      accept: false,
      reason: 'repetitive',
    });
    expect(filterCandidateSpeech('I would use a cache here')).toEqual({ accept: true });
    expect(filterCandidateSpeech('yes yes yes yes yes')).toEqual({ accept: true });
  });

  it('rejects interviewer-style openers over 20 characters', () => {
    expect(filterCandidateSpeech('Excellent, that covers the basics well')).toEqual({
      accept: false,
      reason: 'interviewer-opener',
    });
    expect(filterCandidateSpeech('Excellent point')).toEqual({ accept: true });
  });
});

describe('voice helpers', () => {
  it('recognises a request for time to think', () => {
    expect(asksForTimeToThink('Hmm, let me think about that')).toBe(true);
    expect(asksForTimeToThink('Give me a second.')).toBe(true);
    expect(asksForTimeToThink('I think a queue works')).toBe(false);
  });
  it('splits streamed text into sentences and keeps the rest', () => {
    expect(takeSentences('Hello there. How are you? I am')).toEqual({
      sentences: ['Hello there.', 'How are you?'],
      rest: 'I am',
    });
    expect(takeSentences('No end yet')).toEqual({ sentences: [], rest: 'No end yet' });
  });
});
