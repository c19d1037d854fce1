import { describe, expect, it } from 'vitest';
import {
  filterCandidateSpeech,
  isInterviewerEcho,
  similarity,
  SIMILARITY_THRESHOLD,
} from './speech-filter';

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

  it('draws the echo line just above 0.6 similarity', () => {
    const ai = 'We use a cache to make reads faster for users';
    const above = 'we use a cache to make the writes slower';
    const below = 'we use a cache so reads are quick';
    expect(similarity(above, ai)).toBeGreaterThan(0.6);
    expect(similarity(above, ai)).toBeLessThan(0.65);
    expect(filterCandidateSpeech(above, ai)).toEqual({ accept: false, reason: 'echo' });
    expect(similarity(below, ai)).toBeLessThanOrEqual(0.6);
    expect(filterCandidateSpeech(below, ai)).toEqual({ accept: true });
  });

  it('applies the echo rule from 11 characters on', () => {
    expect(filterCandidateSpeech('abcde fghi', 'abcde fghi')).toEqual({ accept: true });
    expect(filterCandidateSpeech('abcde fghij', 'abcde fghij')).toEqual({
      accept: false,
      reason: 'echo',
    });
  });

  it('uses the longer phrase list from 16 characters on', () => {
    expect('k how would you').toHaveLength(15);
    expect(filterCandidateSpeech('k how would you')).toEqual({ accept: true });
    expect(filterCandidateSpeech('ok how would you')).toEqual({
      accept: false,
      reason: 'interviewer-phrase',
    });
    // The short list applies at any length.
    expect(filterCandidateSpeech('thank you for')).toEqual({
      accept: false,
      reason: 'interviewer-phrase',
    });
  });

  it('accepts a unique-word ratio of exactly 0.6 and rejects below it', () => {
    // 10 words, 6 distinct → 0.6: kept.
    expect(filterCandidateSpeech('a b c d e f a b c d')).toEqual({ accept: true });
    // 10 words, 5 distinct → 0.5: rejected.
    expect(filterCandidateSpeech('a b c d e a b c d e')).toEqual({
      accept: false,
      reason: 'repetitive',
    });
  });

  it('applies interviewer openers from 21 characters on', () => {
    expect('Excellent point, yes').toHaveLength(20);
    expect(filterCandidateSpeech('Excellent point, yes')).toEqual({ accept: true });
    expect(filterCandidateSpeech('Excellent point, yes!')).toEqual({
      accept: false,
      reason: 'interviewer-opener',
    });
  });
});

describe('barge-in echo detection', () => {
  const ai = 'Can you explain how a closure captures variables from its outer scope?';
  it('takes runs of the interviewer’s words for their echo', () => {
    expect(isInterviewerEcho('how a closure captures', ai)).toBe(true);
    expect(isInterviewerEcho('closure', ai)).toBe(true);
    expect(isInterviewerEcho('', ai)).toBe(true);
  });
  it('sees through words the recogniser split or joined', () => {
    const q = 'What is a database index, how does it speed up queries?';
    expect(isInterviewerEcho('what is a data base index', q)).toBe(true);
    expect(isInterviewerEcho('how does it speedup', q)).toBe(true);
    expect(isInterviewerEcho('sorry can you repeat', q)).toBe(false);
  });
  it('takes other speech for the candidate, even with common words in it', () => {
    expect(isInterviewerEcho('sorry can you repeat', ai)).toBe(false);
    expect(isInterviewerEcho('wait I think', ai)).toBe(false);
    expect(isInterviewerEcho('hello', '')).toBe(false);
  });
});
