import { describe, expect, it } from 'vitest';
import { coverStoryPoints } from './story-points';

const POINTS = [
  'Sets the situation and the goal briefly',
  'States their own responsibility in the project',
  'Describes the specific actions they personally took',
  'Ends with a measurable result',
  'Says what they learned',
  'Used data, a prototype or an experiment to decide',
];
const QUESTION = 'Tell me about a project you are proud of and what your part in it was.';

describe('key points of a behavioural question', () => {
  it('counts a part of the story as told when the story tells it, quoting where', () => {
    const story =
      'Last year our checkout kept timing out during sales. I was responsible for the payment service. I profiled the slow calls, I moved the fraud check to a queue and I added a timeout budget. Checkout errors dropped from four percent to under half a percent. I learned to measure before changing anything.';
    const points = coverStoryPoints(POINTS, story, QUESTION);
    expect(points.map((k) => k.coverage)).toEqual([
      'covered',
      'covered',
      'covered',
      'covered',
      'covered',
      'missed',
    ]);
    expect(points[1]!.evidence).toBe('I was responsible for the payment service.');
    expect(points[3]!.evidence).toBe(
      'Checkout errors dropped from four percent to under half a percent.',
    );
  });

  it('calls a result without a number only partly measurable', () => {
    const [, , , result] = coverStoryPoints(
      POINTS,
      'At my last job I led the migration and I wrote the runbook. In the end the customers were happier.',
      QUESTION,
    );
    expect(result).toMatchObject({
      coverage: 'partial',
      note: expect.stringMatching(/not a measurable one/),
    });
  });

  it('finds no story in a generic answer', () => {
    const points = coverStoryPoints(
      POINTS,
      'I am a team player and I always communicate well. Communication is key in every project.',
      QUESTION,
    );
    expect(points.every((k) => k.coverage === 'missed')).toBe(true);
  });
});
