import { describe, expect, it } from 'vitest';
import { normalizeCreateInterview } from './interview';
import { clientFrameSchema } from './live-protocol';

describe('create-interview normalisation (spec section 5)', () => {
  it('fills every default from an empty payload', () => {
    expect(normalizeCreateInterview({})).toEqual({
      title: 'General Interview',
      category: 'General',
      difficulty: 'junior',
      type: 'voice',
      duration: 30,
      topics: [],
    });
  });

  it('titles the interview after its category', () => {
    expect(normalizeCreateInterview({ category: 'Frontend' }).title).toBe('Frontend Interview');
    expect(normalizeCreateInterview({ category: 'Frontend', title: 'Mine' }).title).toBe('Mine');
  });

  it.each([
    ['mid', 'mid'],
    ['staff', 'staff'],
    ['expert', 'junior'],
    [3, 'junior'],
    [undefined, 'junior'],
  ])('difficulty %s becomes %s', (input, expected) => {
    expect(normalizeCreateInterview({ difficulty: input }).difficulty).toBe(expected);
  });

  it.each([
    [2, 5],
    [5, 5],
    [10, 10],
    [15, 15],
    [45, 45],
    [120, 120],
    [500, 120],
    ['60', 60],
    ['soon', 30],
    [Number.NaN, 30],
  ])("duration %s is clamped to %s (the sets' range, 5–120)", (input, expected) => {
    expect(normalizeCreateInterview({ duration: input }).duration).toBe(expected);
  });

  it('keeps topics only when they are an array, trimmed and unique', () => {
    expect(normalizeCreateInterview({ topics: 'React' }).topics).toEqual([]);
    expect(normalizeCreateInterview({ topics: [' React ', 'React', 3, '', 'CSS'] }).topics).toEqual(
      ['React', 'CSS'],
    );
  });

  it('keeps the given type, defaulting to voice', () => {
    expect(normalizeCreateInterview({ type: 'fixed' }).type).toBe('fixed');
    expect(normalizeCreateInterview({ type: '  ' }).type).toBe('voice');
  });
});

describe('live protocol client frames', () => {
  it('accepts an answer with timings and defaults its mode to voice', () => {
    const frame = clientFrameSchema.parse({
      type: 'answer',
      id: '7f1c1c1e-3a5b-4c1d-9a66-0a1b2c3d4e5f',
      text: ' hello ',
      confidence: 0.9,
      segments: [{ text: 'hello', startMs: 1, endMs: 2 }],
    });
    expect(frame).toMatchObject({ type: 'answer', text: 'hello', mode: 'voice' });
  });

  it('refuses empty answers, bad ids and unknown types', () => {
    expect(clientFrameSchema.safeParse({ type: 'answer', id: 'x', text: 'a' }).success).toBe(false);
    expect(
      clientFrameSchema.safeParse({
        type: 'answer',
        id: '7f1c1c1e-3a5b-4c1d-9a66-0a1b2c3d4e5f',
        text: '   ',
      }).success,
    ).toBe(false);
    expect(clientFrameSchema.safeParse({ type: 'shout' }).success).toBe(false);
  });
});
