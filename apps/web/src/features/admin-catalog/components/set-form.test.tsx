import type { Category, InterviewSetInput } from '@candor/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AI_PROMPT_HINT, SetForm } from './set-form';

const category: Category = {
  id: '0b6f3c52-5a3e-4d0c-9a55-3f0e6f1d2a11',
  name: 'Frontend',
  description: '',
  icon: '🎨',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  _count: { interviewSets: 0 },
};

function setup() {
  const onSubmit = vi.fn<(v: InterviewSetInput) => void>();
  render(<SetForm categories={[category]} onSubmit={onSubmit} onCancel={() => undefined} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('SetForm', () => {
  it('requires a category and a title', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    expect(await screen.findByText('Category is required')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps topics unique and trimmed, added with Enter or the plus button, removable', async () => {
    const { user } = setup();
    const topic = screen.getByLabelText('Topics', { selector: 'input' });
    await user.type(topic, '  React {Enter}');
    await user.type(topic, 'React{Enter}');
    await user.type(topic, 'Hooks');
    await user.click(screen.getByRole('button', { name: 'Add topic' }));
    const list = screen.getByRole('list', { name: 'Topics added' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['React', 'Hooks']);
    await user.click(screen.getByRole('button', { name: 'Remove topic React' }));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Hooks']);
  });

  it('shows the AI prompt for topic-based sets and the Show-on-Home labels', async () => {
    const { user } = setup();
    expect(screen.getByLabelText('AI prompt')).toBeTruthy();
    expect(screen.getByText('Hidden from Home')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Show on Home' }));
    expect(screen.getByText('Visible on Home')).toBeTruthy();
  });

  it('will not submit a fixed set without questions, then sends the questions in order', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Category'), category.id);
    await user.type(screen.getByLabelText('Title'), 'React Fundamentals');
    await user.selectOptions(screen.getByLabelText('Type'), 'fixed');
    expect(screen.queryByLabelText('AI prompt')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    expect(
      await screen.findByText('A fixed interview set needs at least one question'),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(await screen.findByText('Question text is required')).toBeTruthy();

    for (const text of ['What is JSX?', 'What does useEffect do?']) {
      await user.type(screen.getByLabelText('Question text'), text);
      await user.click(screen.getByRole('button', { name: 'Add Question' }));
    }
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent).toMatchObject({
      categoryId: category.id,
      title: 'React Fundamentals',
      type: 'fixed',
      difficulty: 'mid',
      duration: 45,
      followUpDepth: 1,
      inviteQuestions: true,
    });
    expect(sent.questions?.map((q) => q.questionText)).toEqual([
      'What does useEffect do?',
      'What is JSX?',
    ]);
  });

  it('says plainly what the AI prompt does with an AI provider and without one', () => {
    setup();
    const prompt = screen.getByLabelText('AI prompt');
    const hint = document.getElementById(prompt.getAttribute('aria-describedby')!)!;
    expect(hint.textContent).toBe(AI_PROMPT_HINT);
    expect(AI_PROMPT_HINT).toMatch(/With an AI provider configured/);
    expect(AI_PROMPT_HINT).toMatch(
      /Without one \(the builtin interviewer, the default\), they are not read/,
    );
  });

  it('gives an inline question a kind and key points, one per line', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Category'), category.id);
    await user.type(screen.getByLabelText('Title'), 'Stories');
    await user.selectOptions(screen.getByLabelText('Type'), 'fixed');
    await user.type(screen.getByLabelText('Question text'), 'Tell me about a mistake you made.');
    const kind = screen.getByLabelText('Kind');
    await user.selectOptions(kind, 'behavioural');
    expect(screen.getByText(/Scored on ownership, structure/)).toBeTruthy();
    await user.type(
      screen.getByLabelText('Key points (one per line)'),
      'Owns the mistake{Enter}{Enter}Fixes the root cause',
    );
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(
      screen.getByText(
        (_, el) =>
          el?.tagName === 'P' && el.textContent === 'Behavioural · medium · 5 min · 2 key point(s)',
      ),
    ).toBeTruthy();
    // The editor is empty again for the next question.
    expect((screen.getByLabelText('Key points (one per line)') as HTMLTextAreaElement).value).toBe(
      '',
    );
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].questions).toEqual([
      expect.objectContaining({
        questionText: 'Tell me about a mistake you made.',
        kind: 'behavioural',
        keyPoints: ['Owns the mistake', 'Fixes the root cause'],
      }),
    ]);
  });

  it('offers 0, 1 or 2 follow-up questions per question, one by default (issue 15)', async () => {
    const { onSubmit, user } = setup();
    const select = screen.getByLabelText('Follow-up questions') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['None', 'One (default)', 'Two']);
    expect(select.value).toBe('1');
    await user.selectOptions(select, '2');
    await user.selectOptions(screen.getByLabelText('Category'), category.id);
    await user.type(screen.getByLabelText('Title'), 'Depth');
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].followUpDepth).toBe(2);
  });

  it('lets a fixed set invite the candidate’s questions or close after its last question (issue 15)', async () => {
    const { onSubmit, user } = setup();
    // Topic-based interviews always invite them: nothing to choose.
    expect(screen.queryByRole('switch', { name: "Invite the candidate's questions" })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Type'), 'fixed');
    const invite = screen.getByRole('switch', { name: "Invite the candidate's questions" });
    expect(invite.getAttribute('aria-checked')).toBe('true');
    expect(
      screen.getByText('Asks “Do you have any questions for me?” after the last question'),
    ).toBeTruthy();
    await user.click(invite);
    expect(screen.getByText('Closes after the last question')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Category'), category.id);
    await user.type(screen.getByLabelText('Title'), 'Scripted');
    await user.type(screen.getByLabelText('Question text'), 'What is a closure?');
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ type: 'fixed', inviteQuestions: false });
  });

  it('keeps the duration within 5-120 minutes', async () => {
    const { user, onSubmit } = setup();
    const duration = screen.getByLabelText('Duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '150');
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    expect(await screen.findByText('Duration must be between 5 and 120 minutes')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('names a topic that is too long instead of failing silently', async () => {
    const { user, onSubmit } = setup();
    await user.selectOptions(screen.getByLabelText('Category'), category.id);
    await user.type(screen.getByLabelText('Title'), 'Long topics');
    await user.type(
      screen.getByLabelText('Topics', { selector: 'input' }),
      `${'x'.repeat(61)}{Enter}`,
    );
    await user.click(screen.getByRole('button', { name: 'Create Interview Set' }));
    expect(await screen.findByText('A topic must be at most 60 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
