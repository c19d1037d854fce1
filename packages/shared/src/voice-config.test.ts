import { describe, expect, it } from 'vitest';
import { VOICE, asksForTimeToThink, pickRecognitionLanguage } from './voice-config';

describe('the turn-taking constants (spec section 9)', () => {
  it('keeps the specification’s numbers (except the restart delays and guard, decision 013, and the silence before sending, decision 037)', () => {
    expect(VOICE).not.toHaveProperty('silenceBeforeSendMs');
    expect(VOICE).toMatchObject({
      defaultLanguage: 'en-IN',
      // Decision 037: the wait depends on the words (END_OF_TURN_WAIT_MS); checked often enough
      // for a sub-second wait (the specification: 500).
      silenceCheckEveryMs: 100,
      restartAfterRecognitionErrorMs: 1000,
      recogniserRestartMs: 500,
      maxRecognitionErrors: 3,
      voiceLoadRetries: 5,
      voiceLoadRetryMs: 300,
      thinkingCapMs: 60_000,
    });
  });
});

describe('voice helpers', () => {
  it('recognises a request for time to think', () => {
    for (const phrase of [
      'Hmm, let me think about that',
      'Give me a second.',
      'One moment please',
      'let me think',
    ])
      expect(asksForTimeToThink(phrase)).toBe(true);
    expect(asksForTimeToThink('I think a queue works')).toBe(false);
  });
});

describe('the recognition language', () => {
  it('is the one the candidate chose and the app offers', () => {
    expect(pickRecognitionLanguage('en-GB', ['en-US'])).toBe('en-GB');
    expect(pickRecognitionLanguage('fr-FR', ['en-AU'])).toBe('en-AU');
  });
  it('else the first browser language the app offers, whatever its case', () => {
    expect(pickRecognitionLanguage(null, ['en-US', 'en-GB'])).toBe('en-US');
    expect(pickRecognitionLanguage(null, ['de-DE', 'en-gb', 'en-US'])).toBe('en-GB');
    expect(pickRecognitionLanguage(undefined, ['en-AU'])).toBe('en-AU');
  });
  it('else en-IN', () => {
    expect(pickRecognitionLanguage(null, [])).toBe('en-IN');
    expect(pickRecognitionLanguage(null, ['en', 'fr-FR', 'hi-IN'])).toBe('en-IN');
    expect(pickRecognitionLanguage('', undefined)).toBe('en-IN');
  });
});
