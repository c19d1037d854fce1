import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_TURN_STATE, type TurnState } from '@/lib/voice/turn-controller';
import type { LiveInterview, TranscriptEntry } from '../hooks/use-live-interview';
import { LiveScreen, mmss } from './live-screen';

const MESSAGES: TranscriptEntry[] = [
  {
    id: 'a1',
    seq: 1,
    speaker: 'AI',
    message: 'Hello! What is a closure? And why would you use one?',
    timestamp: '2026-01-01T10:00:00.000Z',
    heard: 'Hello! What is a closure?',
  },
  {
    id: 'u1',
    seq: 2,
    speaker: 'User',
    message: 'A function with its scope.',
    timestamp: '2026-01-01T10:00:30.000Z',
  },
];

function live(turn: Partial<TurnState>, extra: Partial<LiveInterview> = {}): LiveInterview {
  return {
    status: 'connected',
    ready: true,
    messages: MESSAGES,
    streaming: null,
    turn: { ...INITIAL_TURN_STATE, ...turn },
    completed: false,
    attemptStatus: 'in_progress',
    notice: null,
    startedAt: null,
    enableMic: vi.fn(),
    disableMic: vi.fn(),
    setThinking: vi.fn(),
    stopInterviewer: vi.fn(),
    sendTyped: vi.fn(() => true),
    end: vi.fn(),
    ...extra,
  };
}

/** jsdom is narrow, so the transcript starts hidden as on a phone; tests open it when needed. */
function show(l: LiveInterview, props: { typed?: boolean; micDenied?: boolean } = {}) {
  return render(
    <LiveScreen
      title="JavaScript Fundamentals"
      categoryName="Frontend"
      live={l}
      typed={props.typed ?? false}
      recognitionAvailable
      microphone={null}
      micDenied={props.micDenied ?? false}
      onEnd={vi.fn()}
    />,
  );
}

describe('the live screen', () => {
  it.each([
    [{ micEnabled: false }, 'Microphone is off', 'Ready for your response', 'Ready'],
    [
      { micEnabled: true, phase: 'speaking' },
      'AI speaking - mic auto-off',
      'Speaking...',
      'AI Speaking',
    ],
    [
      { micEnabled: true, recording: true, phase: 'listening', interim: 'a closure' },
      'Listening...',
      'Listening to your answer...',
      'Recording',
    ],
    [
      { micEnabled: true, phase: 'waiting' },
      'Waiting for AI...',
      'Analyzing your response...',
      'AI Thinking',
    ],
    [{ micEnabled: true, phase: 'idle' }, 'Ready to listen', 'Ready for your response', 'Ready'],
  ] as const)('shows the spec texts for %o', async (turn, mic, line, panel) => {
    show(live(turn as Partial<TurnState>));
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    expect(screen.getAllByRole('status').some((s) => s.textContent?.startsWith(mic))).toBe(true);
    expect(screen.getByTestId('status-line').textContent).toBe(line);
    expect(screen.getByText(panel, { selector: 'span' })).toBeTruthy();
  });

  it('shows the transcript panel with count, category, speakers and what was heard', async () => {
    show(live({ micEnabled: true }));
    expect(screen.queryByRole('complementary', { name: 'Transcript' })).toBeNull();
    // Without the panel (narrow screens) End Interview stays in the header.
    expect(screen.getByRole('button', { name: 'End Interview' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    const panel = screen.getByRole('complementary', { name: 'Transcript' });
    expect(within(panel).getByText('2 messages · Frontend')).toBeTruthy();
    expect(within(panel).getByText('Interviewer')).toBeTruthy();
    expect(within(panel).getByText('You')).toBeTruthy();
    // The interrupted reply shows only what was spoken.
    expect(within(panel).getByText(/Hello! What is a closure\?…/)).toBeTruthy();
    expect(within(panel).getByText(/interrupted/)).toBeTruthy();
    expect(within(panel).queryByText(/why would you use one/)).toBeNull();
    expect(within(panel).getByRole('button', { name: 'End Interview' })).toBeTruthy();
  });

  it('warns when the microphone is off, and says why when permission was denied', () => {
    const { unmount } = show(live({ micEnabled: false }));
    expect(screen.getByRole('alert').textContent).toContain('Microphone is disabled');
    expect(screen.getByRole('alert').textContent).toContain('Click the mic button');
    unmount();
    show(live({ micEnabled: false }), { micDenied: true });
    expect(screen.getByRole('alert').textContent).toContain('Microphone permission denied');
    expect(screen.getByLabelText('Type your answer')).toBeTruthy();
  });

  it('toggles the microphone from the keyboard and offers typing', async () => {
    const user = userEvent.setup();
    const l = live({ micEnabled: false });
    show(l);
    const mic = screen.getByRole('button', { name: 'Turn microphone on' });
    mic.focus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(l.enableMic).toHaveBeenCalledTimes(2);

    expect(screen.queryByLabelText('Type your answer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Type instead' }));
    await user.type(screen.getByLabelText('Type your answer'), 'Closures capture scope.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(l.sendTyped).toHaveBeenCalledWith('Closures capture scope.');
  });

  it('offers Thinking and Skip, and shows the thinking indicator', async () => {
    const user = userEvent.setup();
    const l = live({ micEnabled: true, phase: 'speaking', thinking: true });
    show(l);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(l.stopInterviewer).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Thinking' }));
    expect(l.setThinking).toHaveBeenCalledWith(false);
    expect(screen.getByText(/Take your time/)).toBeTruthy();
  });

  it('formats the elapsed time as MM:SS', () => {
    expect(mmss(0)).toBe('00:00');
    expect(mmss(65_400)).toBe('01:05');
    expect(mmss(3_600_000)).toBe('60:00');
  });
});
