import { describe, expect, it } from 'vitest';
import { analyseAnswer, analyseConversation, countFillers, countWords } from './speech-analytics';
import { measuredWordsPerMinute, plausibleWordsPerMinute } from './speech-rates';

describe('speech analytics', () => {
  it('counts words and filler words, phrases included', () => {
    expect(countWords("Um, I think it's a cache. You know, like a map.")).toBe(11);
    expect(countFillers('Um, so, um, it is, you know, basically a uh cache. Umbrella.')).toEqual([
      { word: 'um', count: 2 },
      { word: 'basically', count: 1 },
      { word: 'uh', count: 1 },
      { word: 'you know', count: 1 },
    ]);
  });

  it('measures words per minute from the utterance timings', () => {
    const text = Array.from({ length: 60 }, () => 'word').join(' ');
    const a = analyseAnswer({ text, startedAt: 1_000, endedAt: 31_000 });
    expect(a.wordCount).toBe(60);
    expect(a.durationSeconds).toBe(30);
    expect(a.wordsPerMinute).toBe(120);
  });

  it('prefers segment timings and finds the longest pause between them', () => {
    const a = analyseAnswer({
      text: 'the first part of it the second part of it the third part',
      startedAt: 0,
      endedAt: 100_000,
      segments: [
        { text: 'the first part of it', startMs: 10_000, endMs: 12_000 },
        { text: 'the second part of it', startMs: 15_500, endMs: 17_000 },
        { text: 'the third part', startMs: 18_000, endMs: 22_000 },
      ],
    });
    expect(a.durationSeconds).toBe(12);
    expect(a.wordsPerMinute).toBe(65);
    expect(a.longestPauseSeconds).toBe(3.5);
  });

  it('gives no rate without timings, or for spans under a second', () => {
    expect(analyseAnswer({ text: 'typed answer' }).wordsPerMinute).toBeNull();
    expect(analyseAnswer({ text: 'quick', startedAt: 0, endedAt: 500 }).wordsPerMinute).toBeNull();
  });

  it('calls a rate no person speaks at, or one from too little speech, not measured (issue 28)', () => {
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    // 80 words in 5 s (958 wpm) and 203 words in 5 s (2,436 wpm): timings, not speech.
    for (const [n, ms] of [
      [80, 5_010],
      [203, 5_000],
      // 6 words in 20 s: pauses, not a speaking rate.
      [6, 20_000],
      // Enough words, too little time; enough time, too few words.
      [12, 2_500],
      [4, 4_000],
    ] as const) {
      const a = analyseAnswer({ text: words(n), startedAt: 0, endedAt: ms });
      expect(a.wordsPerMinute, `${n} words in ${ms} ms`).toBeNull();
      expect(a.durationSeconds).toBeNull();
    }
    expect(measuredWordsPerMinute(30, 12_000)).toBe(150);
    expect(measuredWordsPerMinute(80, 5_010)).toBeNull();
    // A stored report written before the limits is read with the same rule.
    expect(plausibleWordsPerMinute(958)).toBeNull();
    expect(plausibleWordsPerMinute(2432)).toBeNull();
    expect(plausibleWordsPerMinute(142.4)).toBe(142);
    expect(plausibleWordsPerMinute(null)).toBeNull();
    // An untimed answer does not pull the conversation's rate or speaking time.
    const overall = analyseConversation(
      [
        { text: words(150), startedAt: 0, endedAt: 60_000 },
        { text: words(80), startedAt: 0, endedAt: 5_000 },
      ],
      [],
    );
    expect(overall).toMatchObject({ wordsPerMinute: 150, candidateSpeakingSeconds: 60 });
  });

  it('computes the filler rate per 100 words', () => {
    expect(analyseAnswer({ text: 'um this is a test of nine words' }).fillerRate).toBe(12.5);
  });

  it('summarises a conversation: talk-time share against the interviewer', () => {
    const text = Array.from({ length: 150 }, () => 'word').join(' ');
    const interviewer = Array.from({ length: 150 }, () => 'ask').join(' ');
    const overall = analyseConversation(
      [
        { text, startedAt: 0, endedAt: 60_000 },
        // Two words are too little speech for a rate: counted, not timed.
        { text: 'um yes', startedAt: 0, endedAt: 2_000 },
      ],
      [interviewer],
    );
    expect(overall).toMatchObject({
      answers: 2,
      totalWords: 152,
      averageAnswerWords: 76,
      wordsPerMinute: 150,
      fillerCount: 1,
      candidateSpeakingSeconds: 60,
    });
    // 60 s of candidate speech against 60 s estimated for 150 interviewer words.
    expect(overall.talkTimeShare).toBe(0.5);
    expect(overall.wordShare).toBe(0.5);
  });
});
