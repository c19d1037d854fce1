import type { OverallSpeech } from '@candor/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PerformanceBreakdown } from './performance';
import { SpeechCard } from './speech-card';

/* Issue 28: a figure reads the same wherever the report shows it. */

const speech = (over: Partial<OverallSpeech> = {}): OverallSpeech => ({
  answers: 4,
  totalWords: 416,
  averageAnswerWords: 104,
  wordsPerMinute: 140,
  fillerWords: [],
  fillerCount: 0,
  fillerRate: 0,
  longestPauseSeconds: null,
  candidateSpeakingSeconds: 180,
  talkTimeShare: 0.6,
  wordShare: 0.6,
  ...over,
});

describe('the speech card', () => {
  it('says a rate no person speaks at is not measured, as the server now does', () => {
    render(<SpeechCard speech={speech({ wordsPerMinute: 958 })} />);
    const rate = screen.getByText('Words per minute').parentElement!;
    expect(within(rate).getByText('Not measured')).toBeTruthy();
    expect(screen.queryByText('958')).toBeNull();
  });

  it('counts the answers and their words, as the CSV does', () => {
    render(<SpeechCard speech={speech()} />);
    expect(screen.getByTestId('speech-answers').textContent).toBe(
      'Speech analytics from your 4 answers (416 words).',
    );
  });
});

describe('the performance breakdown', () => {
  it('never shows a skill under a category’s name with another number', () => {
    render(
      <PerformanceBreakdown
        communication={82}
        problemSolving={70}
        confidence={60}
        skills={[{ skill: 'Communication', score: 67 }]}
      />,
    );
    expect(screen.getByRole('meter', { name: 'Communication' }).getAttribute('aria-valuenow')).toBe(
      '82',
    );
    const skills = screen.getByRole('list', { name: 'Skill scores' });
    expect(within(skills).getByText('Communication questions')).toBeTruthy();
    expect(within(skills).queryByText('Communication')).toBeNull();
  });
});
