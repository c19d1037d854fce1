import type { Question } from '@candor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { interviewSet } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { QuestionsPage } from './questions';

const SET_ID = '6a0d7c1e-8f7b-4c55-9d1e-2b3c4d5e6f70';
const set = interviewSet({
  id: SET_ID,
  title: 'Databases & SQL',
  category: { id: 'c1', name: 'Backend' },
  categoryId: 'c1',
  categoryName: 'Backend',
  difficulty: 'junior',
  type: 'fixed',
  _count: { interviews: 0, questions: 3 },
});
const q = (n: number, text: string, timeLimit = 300): Question => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  interviewSetId: SET_ID,
  questionText: text,
  expectedAnswer: n === 1 ? 'Rows that match in both tables.' : null,
  difficulty: n === 1 ? 'easy' : 'medium',
  kind: n === 2 ? 'behavioural' : 'technical',
  coding: null,
  systemDesign: null,
  keyPoints: n === 1 ? ['Only matching rows', 'Left keeps every left row'] : [],
  timeLimit,
  order: n,
});

/** The HTTP boundary: a tiny stand-in holding the set's questions the way the server does. */
function serve(initial: Question[], { status = 200 } = {}) {
  let questions = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  fakeServer({
    fallback: ({ method, url, body }) => {
      calls.push({ method, url, body });
      const json = (data: unknown, s = 200) => ({ status: s, body: data });
      if (status !== 200) return json({ message: 'Database unavailable' }, status);
      if (method === 'GET') return json({ questions, interviewSet: set });
      if (url.endsWith('/reorder')) {
        const ids = (body as { orderedIds: string[] }).orderedIds;
        questions = ids.map((id, i) => ({ ...questions.find((x) => x.id === id)!, order: i + 1 }));
        return json(questions);
      }
      if (method === 'DELETE') {
        questions = questions
          .filter((x) => !url.endsWith(x.id))
          .map((x, i) => ({ ...x, order: i + 1 }));
        return { status: 204, body: null };
      }
      return json({ message: 'unexpected' }, 500);
    },
  });
  return calls;
}

function renderPage(id = SET_ID) {
  return renderWithProviders(
    <>
      <Toaster />
      <Routes>
        <Route path="/admin/questions/:interviewId" element={<QuestionsPage />} />
      </Routes>
    </>,
    { path: `/admin/questions/${id}` },
  );
}

const rows = () =>
  screen.getAllByTestId('question-row').map((r) => within(r).getByText(/\?$/).textContent);

afterEach(() => vi.unstubAllGlobals());

describe('QuestionsPage', () => {
  it('shows the set header and each question with its number, difficulty, kind, mm:ss, expected answer and key points', async () => {
    serve([q(1, 'What is a JOIN?', 240), q(2, 'What is an index?')]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Databases & SQL' })).toBeTruthy();
    expect(screen.getByText('Backend')).toBeTruthy();
    expect(screen.getByText('Junior (0-2 years)')).toBeTruthy();
    expect(screen.getByText('30 min')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Interview Sets' }).getAttribute('href')).toBe(
      '/admin/interviews',
    );
    expect(screen.getByText('Time: 04:00')).toBeTruthy();
    expect(screen.getByText('Rows that match in both tables.')).toBeTruthy();
    const [first, second] = screen.getAllByTestId('question-row');
    expect(within(first!).getByText('Technical')).toBeTruthy();
    expect(
      within(first!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Only matching rows', 'Left keeps every left row']);
    expect(within(second!).getByText('Behavioural')).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Move question 1 up' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('moves a question and persists the new order; delete asks first', async () => {
    const calls = serve([q(1, 'What is a JOIN?'), q(2, 'What is an index?'), q(3, 'Why ACID?')]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Databases & SQL' });
    await user.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    await waitFor(() =>
      expect(rows()).toEqual(['What is an index?', 'What is a JOIN?', 'Why ACID?']),
    );
    expect(calls.find((c) => c.url.endsWith('/reorder'))?.body).toEqual({
      interviewSetId: SET_ID,
      orderedIds: [q(2, '').id, q(1, '').id, q(3, '').id],
    });

    await user.click(screen.getByRole('button', { name: 'Delete question 3' }));
    expect(await screen.findByText('Are you sure you want to delete this question?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Question deleted')).toBeTruthy();
    await waitFor(() => expect(rows()).toEqual(['What is an index?', 'What is a JOIN?']));
  });

  it('says when the set does not exist, and shows load errors', async () => {
    serve([], { status: 404 });
    const first = renderPage();
    expect(await screen.findByText('Interview Set Not Found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Interview Sets/ })).toBeTruthy();
    first.unmount();

    serve([], { status: 500 });
    renderPage();
    expect(await screen.findByText('Error loading data: Database unavailable')).toBeTruthy();
  });
});
