import { PROTOCOL_MISMATCH_MESSAGE, type ConversationMessage } from '@candor/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptDetail, fakeLiveServer, fakeServer, stateFrame } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { LiveAttempt } from './live-attempt';

/**
 * The live session's glue to the screen: the hook, LiveAttempt and LiveScreen are real, the
 * server is the fake one (HTTP and live socket), answers are typed.
 */

const ATTEMPT = attemptDetail().id;
const INTRO: ConversationMessage = {
  id: 'a1',
  seq: 1,
  speaker: 'AI',
  message: "Welcome. Let's begin with the first question: what is a closure?",
  timestamp: '2026-03-01T10:00:00.000Z',
};

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

let live: ReturnType<typeof fakeLiveServer>;
beforeEach(() => {
  live = fakeLiveServer();
  fakeServer();
});
afterEach(() => vi.unstubAllGlobals());

function show() {
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <LiveAttempt
              attemptId={ATTEMPT}
              title="JavaScript Fundamentals"
              categoryName="Frontend"
              language="en-GB"
              voice={() => null}
              typed
              recognitionAvailable
              microphone={null}
              micDenied={false}
            />
            <Where />
          </>
        }
      />
    </Routes>,
    { path: `/interview/set?attempt=${ATTEMPT}` },
  );
  const socket = live.latest();
  act(() => {
    socket.open();
    socket.receive(stateFrame([INTRO]));
  });
  return socket;
}

/** The server's refusal to end an interview with questions left. */
const NOT_COMPLETE = {
  type: 'error',
  code: 'not_complete',
  message: 'Interview is not yet complete',
} as const;

describe('the live attempt on screen', () => {
  it('an out-of-date page says to reload, with a Reload button', async () => {
    const socket = show();
    expect(screen.getByRole('region', { name: 'Current question' }).textContent).toContain(
      'what is a closure?',
    );
    expect(socket.frames[0]).toEqual({ type: 'start', protocol: 2 });
    act(() =>
      socket.receive({
        type: 'error',
        code: 'protocol_mismatch',
        message: 'This server speaks protocol 3',
      }),
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Reload to continue' })).toBeTruthy();
    expect(within(alert).getByText(PROTOCOL_MISMATCH_MESSAGE)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(socket.closed).toBe(true);
  });

  it('End Interview waits for the report frame, then opens the report', async () => {
    const user = userEvent.setup();
    const socket = show();
    await user.click(screen.getByRole('button', { name: 'End Interview' }));
    expect(socket.frames.at(-1)).toEqual({ type: 'end' });
    act(() => socket.receive({ type: 'ended', interviewId: ATTEMPT, reportStatus: 'pending' }));
    expect(screen.getByText('Generating your AI-powered report...')).toBeTruthy();
    act(() => socket.receive({ type: 'report', reportStatus: 'completed' }));
    expect(screen.getByTestId('where').textContent).toBe(`/reports/${ATTEMPT}`);
  });

  it('not complete: asks first; going back keeps the interview, confirming ends it early', async () => {
    const user = userEvent.setup();
    const socket = show();
    await user.click(screen.getByRole('button', { name: 'End Interview' }));
    act(() => socket.receive(NOT_COMPLETE));
    const dialog = screen.getByRole('alertdialog', { name: 'End the interview now?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByLabelText('Type your answer')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'End Interview' }));
    act(() => socket.receive(NOT_COMPLETE));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'End Interview' }),
    );
    expect(socket.frames.at(-1)).toEqual({ type: 'end', early: true });
  });

  it('a typed answer goes out once, and is shown as sending until the server has it', async () => {
    const user = userEvent.setup();
    const socket = show();
    await user.type(screen.getByLabelText('Type your answer'), 'A closure keeps its scope.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const answers = socket.frames.filter((f) => f.type === 'answer');
    expect(answers).toEqual([
      expect.objectContaining({ text: 'A closure keeps its scope.', mode: 'typed' }),
    ]);
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    const transcript = screen.getByRole('complementary', { name: 'Transcript' });
    expect(within(transcript).getByText('Sending…')).toBeTruthy();
    act(() => socket.receive({ type: 'ack', id: answers[0]!.id, seq: 2 }));
    expect(within(transcript).queryByText('Sending…')).toBeNull();
  });
});
