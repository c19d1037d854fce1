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

  it('edits a coding question’s problem: tests with a hidden one required, sent whole', async () => {
    const onSubmit = vi.fn<(v: QuestionInput) => void>();
    const user = userEvent.setup();
    render(<QuestionForm onSubmit={onSubmit} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Question text'), 'Reverse a list.');
    await user.selectOptions(screen.getByLabelText('Kind'), 'coding');
    const group = screen.getByRole('group', { name: 'Coding problem' });
    expect(group).toBeTruthy();
    fireEvent.change(screen.getByLabelText('JavaScript function name'), {
      target: { value: 'reverse' },
    });
    fireEvent.change(screen.getByLabelText('Test 1 input'), { target: { value: '[[1,2,3]]' } });
    fireEvent.change(screen.getByLabelText('Test 1 expected'), { target: { value: '[3,2,1]' } });
    // Without a hidden test the problem is refused, in the shared schema's words.
    await user.click(screen.getByRole('button', { name: 'Remove test 2' }));
    expect(screen.getByText('A coding question needs at least one hidden test')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Add test' }));
    fireEvent.change(screen.getByLabelText('Test 2 input'), { target: { value: '[[]]' } });
    fireEvent.change(screen.getByLabelText('Test 2 expected'), { target: { value: '[]' } });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      kind: 'coding',
      coding: {
        entryPoint: { javascript: 'reverse', python: 'solve' },
        tests: [
          { input: '[[1,2,3]]', expected: '[3,2,1]', hidden: false },
          { input: '[[]]', expected: '[]', hidden: true },
        ],
      },
    });

    // Another kind drops the problem.
    await user.selectOptions(screen.getByLabelText('Kind'), 'technical');
    expect(screen.queryByRole('group', { name: 'Coding problem' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0].coding ?? null).toBeNull();
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
          systemDesign: null,
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
