import type { ConversationMessage, InterviewDetail } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  attemptDetail,
  fakeServer,
  makeUser,
  message,
  type FakeAuthState,
  type RecordedRequest,
} from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { CheckAnswersPage } from './check-answers';

const ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const MISHEARD =
  'Okay, so a clothes sure is a function that keeps the variables of the scope where it was defined.';
const SAID =
  'Okay, so a closure is a function that keeps the variables of the scope where it was defined.';

const conversation: ConversationMessage[] = [
  message('q1', 'AI', 'What is a closure?', 1, { kind: 'question' }),
  message('a1', 'User', MISHEARD, 2, { mode: 'voice', confidence: 0.42 }),
  message('q2', 'AI', 'What is hoisting?', 3, { kind: 'question' }),
  message('a2', 'User', 'Declarations move to the top of their scope.', 4, { mode: 'typed' }),
  message('q3', 'AI', 'What is the event loop?', 5, { kind: 'question' }),
  message('a3', 'User', 'It runs callbacks when the stack is empty.', 6, { mode: 'voice' }),
];

const ended = (over: Partial<InterviewDetail> = {}) =>
  attemptDetail({
    status: 'completed',
    completedAt: '2026-03-01T10:20:00.000Z',
    checkUntil: '2026-03-01T10:30:00.000Z',
    conversation,
    report: { status: 'pending', overallScore: null },
    ...over,
  });

/** An ended attempt whose answers can be checked, and the check that starts its report. */
const CHECKABLE = {
  [`GET /api/interview/${ID}`]: () => ({ body: ended() }),
  [`POST /api/interview/${ID}/check`]: () => ({ body: { reportStatus: 'pending' } }),
};

/** The page at /interview/:id/check, with the report page's place marked. */
function renderCheck(routes: FakeAuthState['routes']) {
  const server = fakeServer({ candidate: makeUser(), routes });
  renderWithProviders(
    <Routes>
      <Route path="/interview/:id/check" element={<CheckAnswersPage />} />
      <Route path="/reports/:id" element={<p>Report page</p>} />
      <Route path="/history" element={<p>History page</p>} />
    </Routes>,
    { path: `/interview/${ID}/check` },
  );
  return server;
}

const sent = (requests: RecordedRequest[], method: string) =>
  requests.filter((r) => r.method === method && r.path.startsWith(`/api/interview/${ID}/`));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Check your answers', () => {
  it('shows each spoken answer as recognised with its question, and says typed ones are left out', async () => {
    renderCheck({ [`GET /api/interview/${ID}`]: () => ({ body: ended() }) });
    expect(await screen.findByRole('heading', { name: 'Check your answers' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Your spoken answers' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText(MISHEARD)).toBeTruthy();
    expect(within(items[0]!).getByText('What is a closure?')).toBeTruthy();
    expect(within(items[1]!).getByText('What is the event loop?')).toBeTruthy();
    expect(screen.queryByText('Declarations move to the top of their scope.')).toBeNull();
    expect(screen.getByText(/your typed answer is exactly what you typed/)).toBeTruthy();
    // No recording was given: no player.
    expect(document.querySelector('audio')).toBeNull();
  });

  it('plays the recording beside an answer when one is given', async () => {
    fakeServer({
      candidate: makeUser(),
      routes: { [`GET /api/interview/${ID}`]: () => ({ body: ended() }) },
    });
    renderWithProviders(
      <Routes>
        <Route
          path="/interview/:id/check"
          element={
            <CheckAnswersPage
              recordingUrlOf={(id, m) =>
                m.id === 'a1' ? `/api/interview/${id}/answers/a1/recording` : undefined
              }
            />
          }
        />
      </Routes>,
      { path: `/interview/${ID}/check` },
    );
    const audio = await screen.findByLabelText('Your recording of answer 1');
    expect(audio.getAttribute('src')).toBe(`/api/interview/${ID}/answers/a1/recording`);
    expect(document.querySelectorAll('audio')).toHaveLength(1);
  });

  it('corrects a misheard word with the keyboard alone, then continues to the report', async () => {
    const user = userEvent.setup();
    let stored = ended();
    const server = renderCheck({
      [`GET /api/interview/${ID}`]: () => ({ body: stored }),
      [`PATCH /api/interview/${ID}/answers/a1`]: (body) => {
        const text = (body as { text: string }).text;
        const message = {
          ...conversation[1]!,
          message: text,
          meta: { ...conversation[1]!.meta, corrected: true, original: MISHEARD },
        };
        stored = {
          ...stored,
          conversation: stored.conversation.map((m) => (m.id === 'a1' ? message : m)),
        };
        return { body: { message, checkUntil: '2026-03-01T10:31:00.000Z' } };
      },
      [`POST /api/interview/${ID}/check`]: () => {
        stored = { ...stored, checkUntil: null };
        return { body: { reportStatus: 'pending' } };
      },
    });
    await screen.findByRole('heading', { name: 'Check your answers' });
    // Tab to the first answer's Correct button and open it with Enter.
    const correct = screen.getAllByRole('button', { name: 'Correct this answer' })[0]!;
    correct.focus();
    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'Answer 1 as you said it' });
    expect(document.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, SAID);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save correction' }));
    await user.keyboard('{Enter}');

    const item = (await screen.findByText(SAID)).closest('li')!;
    expect(within(item).getByText('Corrected')).toBeTruthy();
    expect(within(item).getByText('Show what was recognised')).toBeTruthy();
    expect(within(item).getByText(MISHEARD).closest('details')!.open).toBe(false);
    // The keyboard is back on the answer it left.
    expect(document.activeElement).toBe(
      within(item).getByRole('button', { name: 'Correct this answer' }),
    );
    expect(sent(server.requests, 'PATCH')).toEqual([
      expect.objectContaining({ path: `/api/interview/${ID}/answers/a1`, body: { text: SAID } }),
    ]);

    await user.click(screen.getByRole('button', { name: 'Continue to report' }));
    expect(await screen.findByText('Report page')).toBeTruthy();
    expect(sent(server.requests, 'POST')).toHaveLength(1);
  });

  it('Skip starts the report without any correction', async () => {
    const user = userEvent.setup();
    const server = renderCheck(CHECKABLE);
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(await screen.findByText('Report page')).toBeTruthy();
    expect(sent(server.requests, 'PATCH')).toEqual([]);
    expect(sent(server.requests, 'POST')).toHaveLength(1);
  });

  it('Escape leaves an answer unchanged; Continue waits for an unsaved correction', async () => {
    const user = userEvent.setup();
    const server = renderCheck(CHECKABLE);
    await user.click((await screen.findAllByRole('button', { name: 'Correct this answer' }))[1]!);
    const field = screen.getByRole('textbox', { name: 'Answer 2 as you said it' });
    await user.type(field, ' And microtasks first.');
    await user.click(screen.getByRole('button', { name: 'Continue to report' }));
    expect(screen.getByRole('alert').textContent).toContain(
      'Save or cancel your correction of answer 2 first',
    );
    expect(sent(server.requests, 'POST')).toEqual([]);
    field.focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('It runs callbacks when the stack is empty.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue to report' }));
    expect(await screen.findByText('Report page')).toBeTruthy();
    expect(sent(server.requests, 'PATCH')).toEqual([]);
  });

  it('refuses an empty correction before asking, and shows the server’s refusals', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'text: At most 10000 characters',
        fields: { text: 'At most 10000 characters' },
      },
    };
    const server = renderCheck({
      [`GET /api/interview/${ID}`]: () => ({ body: ended() }),
      [`PATCH /api/interview/${ID}/answers/a1`]: () => answer,
    });
    await user.click((await screen.findAllByRole('button', { name: 'Correct this answer' }))[0]!);
    const field = screen.getByRole('textbox', { name: 'Answer 1 as you said it' });
    await user.clear(field);
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect(screen.getByRole('alert').textContent).toContain('it cannot be empty');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent(server.requests, 'PATCH')).toEqual([]);

    await user.type(field, SAID);
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect((await screen.findByRole('alert')).textContent).toContain('At most 10000 characters');

    answer = {
      status: 409,
      body: {
        statusCode: 409,
        code: 'CHECK_CLOSED',
        message:
          'Your report has already been started from your answers, so they can no longer be corrected.',
      },
    };
    await user.click(screen.getByRole('button', { name: 'Save correction' }));
    expect((await screen.findByRole('alert')).textContent).toContain('can no longer be corrected');
    // What is typed stays, so nothing the candidate wrote is lost.
    expect((field as HTMLTextAreaElement).value.trim()).toBe(SAID);
  });

  it('goes straight to the report when there is nothing to check', async () => {
    renderCheck({ [`GET /api/interview/${ID}`]: () => ({ body: ended({ checkUntil: null }) }) });
    expect(await screen.findByText('Report page')).toBeTruthy();
  });

  it('sends an attempt still in progress to History, where it is resumed', async () => {
    renderCheck({
      [`GET /api/interview/${ID}`]: () => ({
        body: ended({ status: 'in_progress', checkUntil: null, completedAt: null }),
      }),
    });
    expect(await screen.findByText('History page')).toBeTruthy();
  });

  it('says when the report could not be started, and lets the candidate try again', async () => {
    const user = userEvent.setup();
    let fail = true;
    renderCheck({
      [`GET /api/interview/${ID}`]: () => ({ body: ended() }),
      [`POST /api/interview/${ID}/check`]: () =>
        fail
          ? { status: 503, body: { statusCode: 503, message: 'The database is unavailable.' } }
          : { body: { reportStatus: 'pending' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Continue to report' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The database is unavailable.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Continue to report' }));
    expect(await screen.findByText('Report page')).toBeTruthy();
  });
});
