import { describe, expect, it } from 'vitest';
import { NOT_ANSWERED, unscoreableReason, type QaPair } from '../report-input';
import { nonAnswer } from './non-answer';

const pair = (answer: string): QaPair => ({
  question: 'How does garbage collection work in the JVM?',
  answer,
  expectedAnswer: null,
  questionIndex: null,
  confidence: 0.9,
  mode: 'voice',
});

describe('non-answers', () => {
  it.each([
    "I don't know.",
    'I do not know, sorry.',
    "Um, honestly, I'm not sure.",
    'Not sure.',
    'No idea.',
    'I have no clue, to be honest.',
    'Pass.',
    "I'll pass on this one.",
    'Uh... skip.',
    'Can we skip this one?',
    "Let's skip it, please.",
    'Could we move on to the next question?',
    'Next question, please.',
    "Sorry, I can't remember how that works.",
    "I've never used the JVM, so I can't really say.",
    "I haven't worked with garbage collectors, I don't know.",
    "Good question. I really don't know.",
    "Hmm, that's not my area, sorry.",
  ])('%s is not an answer', (answer) => {
    expect(nonAnswer(answer)).not.toBeNull();
    expect(unscoreableReason(pair(answer))).toBe(NOT_ANSWERED);
  });

  it.each([
    "I'm not sure, but I think the JVM marks every object it can reach from the roots and then sweeps the rest, and newer collectors like G1 split the heap into regions.",
    "I don't know the exact flags, but the young generation is collected often and cheaply, and objects that survive a few collections get promoted to the old generation.",
    'You pass the object by reference, and once nothing references it the collector can free it; a generational collector checks young objects more often.',
    'Okay, so first I would skip the premature tuning and measure the pause times with the GC logs, then decide between G1 and ZGC.',
  ])('an unsure but real answer is still an answer: %s', (answer) => {
    expect(nonAnswer(answer)).toBeNull();
    expect(unscoreableReason(pair(answer))).toBeNull();
  });

  it('names the words with which the candidate declined', () => {
    expect(nonAnswer("Um, I honestly don't know that one.")).toMatch(/don't know/);
    expect(nonAnswer('Pass.')).toBe('Pass.');
  });
});
