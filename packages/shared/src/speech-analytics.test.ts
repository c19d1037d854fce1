import { describe, expect, it } from 'vitest';
import { analyseAnswer, analyseConversation, countFillers, countWords } from './speech-analytics';

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
      text: 'first part second part third part',
      startedAt: 0,
      endedAt: 100_000,
      segments: [
        { text: 'first part', startMs: 10_000, endMs: 12_000 },
        { text: 'second part', startMs: 15_500, endMs: 17_000 },
        { text: 'third part', startMs: 18_000, endMs: 22_000 },
      ],
    });
    expect(a.durationSeconds).toBe(12);
    expect(a.wordsPerMinute).toBe(30);
    expect(a.longestPauseSeconds).toBe(3.5);
  });

  it('gives no rate without timings, or for spans under a second', () => {
    expect(analyseAnswer({ text: 'typed answer' }).wordsPerMinute).toBeNull();
    expect(analyseAnswer({ text: 'quick', startedAt: 0, endedAt: 500 }).wordsPerMinute).toBeNull();
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
        { text: 'um yes', startedAt: 0, endedAt: 2_000 },
      ],
      [interviewer],
    );
    expect(overall).toMatchObject({
      answers: 2,
      totalWords: 152,
      averageAnswerWords: 76,
      wordsPerMinute: 147,
      fillerCount: 1,
      candidateSpeakingSeconds: 62,
    });
    // 62 s of candidate speech against 60 s estimated for 150 interviewer words.
    expect(overall.talkTimeShare).toBe(0.51);
    expect(overall.wordShare).toBe(0.5);
  });
});
