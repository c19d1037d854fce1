import type { QuestionInput } from '@candor/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuestionForm } from './question-form';

describe('QuestionForm', () => {
  it('requires the text, keeps the time limit within 60-1800 s and shows the timing hint', async () => {
    const onSubmit = vi.fn<(v: QuestionInput) => void>();
    const user = userEvent.setup();
    render(<QuestionForm onSubmit={onSubmit} onCancel={() => undefined} />);
    expect(screen.getByText('3-5 min easy, 5-8 medium, 8-15 hard')).toBeTruthy();
    const time = screen.getByLabelText('Time limit (seconds)') as HTMLInputElement;
    expect(time.value).toBe('300');
    expect(time.step).toBe('30');

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Question text is required')).toBeTruthy();

    await user.type(screen.getByLabelText('Question text'), 'What is a closure?');
    fireEvent.change(time, { target: { value: '2000' } });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Time limit must be between 60 and 1800 seconds')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(time, { target: { value: '480' } });
    await user.selectOptions(screen.getByLabelText('Difficulty'), 'hard');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      questionText: 'What is a closure?',
      difficulty: 'hard',
      timeLimit: 480,
    });
  });

  it('sends the kind and the key points, and names a key point that is too long', async () => {
    const onSubmit = vi.fn<(v: QuestionInput) => void>();
    const user = userEvent.setup();
    render(<QuestionForm onSubmit={onSubmit} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Question text'), 'Tell me about yourself.');
    expect(
      screen.getByText('Scored on accuracy, completeness, technical depth and clarity.'),
    ).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Kind'), 'warm-up');
    expect(
      screen.getByText('Feedback only: not scored and not counted in the average.'),
    ).toBeTruthy();
    const points = screen.getByLabelText('Key points (one per line)');
    fireEvent.change(points, { target: { value: `Current role\n${'x'.repeat(301)}` } });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('A key point must be at most 300 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(points, { target: { value: ' Current role \n\nWhat they enjoy\n' } });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      kind: 'warm-up',
      keyPoints: ['Current role', 'What they enjoy'],
    });
  });

  it('shows a question’s own kind and key points when editing it', () => {
    render(
      <QuestionForm
        initial={{
          id: '00000000-0000-4000-8000-000000000001',
          interviewSetId: '00000000-0000-4000-8000-000000000002',
          questionText: 'Describe a conflict.',
          expectedAnswer: null,
          difficulty: 'medium',
          coding: null,
          kind: 'behavioural',
          keyPoints: ['Listens first', 'Uses data'],
          timeLimit: 300,
          order: 1,
        }}
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />,
    );
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('behavioural');
    expect((screen.getByLabelText('Key points (one per line)') as HTMLTextAreaElement).value).toBe(
      'Listens first\nUses data',
    );
  });
});
