import { describe, expect, it } from 'vitest';
import { VOICE, asksForTimeToThink, takeSentences } from './voice-config';

describe('the turn-taking constants (spec section 9)', () => {
  it('keeps the specification’s numbers', () => {
    expect(VOICE).toMatchObject({
      defaultLanguage: 'en-IN',
      silenceBeforeSendMs: 3000,
      silenceCheckEveryMs: 500,
      guardAfterInterviewerMs: 2000,
      micBackAfterSpeechMs: 1500,
      micBackAfterSpeechErrorMs: 1000,
      micBackAfterManualStopMs: 500,
      restartAfterRecognitionErrorMs: 1000,
      recogniserRestartMs: 500,
      maxRecognitionErrors: 3,
      voiceLoadRetries: 5,
      voiceLoadRetryMs: 300,
      autosaveEveryMs: 5000,
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
  it('splits streamed text into sentences and keeps the rest', () => {
    expect(takeSentences('Hello there. How are you? I am')).toEqual({
      sentences: ['Hello there.', 'How are you?'],
      rest: 'I am',
    });
    expect(takeSentences('No end yet')).toEqual({ sentences: [], rest: 'No end yet' });
    // A decimal point is not the end of a sentence.
    expect(takeSentences('It took 2.5 seconds. Then')).toEqual({
      sentences: ['It took 2.5 seconds.'],
      rest: 'Then',
    });
  });
});
