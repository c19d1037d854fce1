import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_TURN_STATE, type TurnState } from '../voice/turn-controller';
import type { LiveInterview, TranscriptEntry } from '../hooks/use-live-interview';
import { initialSession, sessionView } from '../live/session-state';
import { currentQuestion } from './current-question';
import { LiveScreen, mmss } from './live-screen';
import { SAME_RULES } from './live-status';

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
    // A connected interview in progress, the conversation known.
    ...sessionView({
      ...initialSession('a'),
      status: 'connected',
      ready: true,
      attemptStatus: 'in_progress',
    }),
    messages: MESSAGES,
    turn: { ...INITIAL_TURN_STATE, ...turn },
    serverRecognition: false,
    enableMic: vi.fn(),
    disableMic: vi.fn(),
    setThinking: vi.fn(),
    noteTyping: vi.fn(),
    stopInterviewer: vi.fn(),
    sendTyped: vi.fn(() => 'sent' as const),
    sendHeldBack: vi.fn(),
    discardHeldBack: vi.fn(),
    end: vi.fn(),
    back: vi.fn(),
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

describe('the live screen: what it says about the microphone', () => {
  it.each([
    [{ micEnabled: false }, 'Microphone is off', 'Ready for your response', 'Ready'],
    [
      { micEnabled: true, phase: 'speaking' },
      'AI speaking - mic auto-off',
      'Speaking...',
      'AI Speaking',
    ],
    [
      { micEnabled: true, phase: 'speaking', bargeIn: true },
      'AI speaking - talk to interrupt',
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
      { micEnabled: true, recording: true, phase: 'listening' },
      'Ready to listen',
      'Ready for your response',
      'Recording',
    ],
    [
      { micEnabled: true, phase: 'waiting' },
      'Waiting for AI...',
      'Analyzing your response...',
      'AI Thinking',
    ],
    // The recogniser was asked to start but has not said it started: not ready yet.
    [
      { micEnabled: true, phase: 'listening', recording: false },
      'Starting microphone...',
      'Getting the microphone ready...',
      'Starting mic',
    ],
    [
      { micEnabled: true, phase: 'idle' },
      'Starting microphone...',
      'Getting the microphone ready...',
      'Starting mic',
    ],
  ] as const)('for %o says "%s" / "%s" / "%s"', async (turn, mic, line, panel) => {
    show(live(turn as Partial<TurnState>));
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    expect(screen.getAllByRole('status').some((s) => s.textContent?.startsWith(mic))).toBe(true);
    expect(screen.getByTestId('status-line').textContent).toBe(line);
    expect(screen.getByText(panel, { selector: 'span' })).toBeTruthy();
  });

  it('says it is connecting, not ready, before the live channel is up (no mic warning yet)', () => {
    show(live({ micEnabled: false }, { ready: false, status: 'connecting' }));
    expect(screen.getByTestId('status-line').textContent).toBe('Connecting...');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in one sentence that typed and spoken answers follow the same rules', () => {
    show(live({ micEnabled: true, recording: true, phase: 'listening' }), { typed: true });
    expect(screen.getByTestId('same-rules').textContent).toBe(SAME_RULES);
    expect(SAME_RULES).toMatch(/Spoken and typed answers follow the same rules/);
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

  it('knows a refused microphone by the recogniser’s failure code, whatever its wording', () => {
    const { unmount } = show(
      live({ micEnabled: false, failure: 'mic-denied', error: 'Reworded refusal' }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Allow the microphone');
    expect(screen.queryByText('Reworded refusal')).toBeNull();
    expect(screen.getByLabelText('Type your answer')).toBeTruthy();
    unmount();
    // Another failure: its own words are shown, and the microphone can be turned back on.
    show(
      live({ micEnabled: false, failure: 'no-microphone', error: 'No microphone could be used.' }),
    );
    expect(screen.getByText('No microphone could be used.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Click the mic button');
  });
});

describe('the live screen: answers', () => {
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
    expect((screen.getByLabelText('Type your answer') as HTMLTextAreaElement).value).toBe('');
  });

  it('says why a typed answer was not sent, and keeps it', async () => {
    const user = userEvent.setup();
    const l = live({ micEnabled: false }, { sendTyped: vi.fn(() => 'empty' as const) });
    show(l, { typed: true });
    await user.type(screen.getByLabelText('Type your answer'), 'um');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByRole('alert').textContent).toBe(
      'There is nothing to send yet: type your answer first.',
    );
    expect((screen.getByLabelText('Type your answer') as HTMLTextAreaElement).value).toBe('um');
  });

  it('says that spoken words still pending go before the typed ones', () => {
    show(live({ micEnabled: true, recording: true, phase: 'listening', pending: 'I would' }), {
      typed: true,
    });
    expect(screen.getByText('Your spoken words above are sent first, then what you type.'));
  });

  it('shows held-back words with Send anyway and Discard, usable from the keyboard', async () => {
    const user = userEvent.setup();
    const l = live({
      micEnabled: true,
      recording: true,
      phase: 'listening',
      heldBack: 'how a closure captures variables',
    });
    show(l);
    const box = screen.getByRole('region', { name: /Held back/ });
    expect(within(box).getByText('how a closure captures variables')).toBeTruthy();
    within(box).getByRole('button', { name: 'Send anyway' }).focus();
    await user.keyboard('{Enter}');
    expect(l.sendHeldBack).toHaveBeenCalledTimes(1);
    await user.tab();
    expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Discard' }));
    await user.keyboard(' ');
    expect(l.discardHeldBack).toHaveBeenCalledTimes(1);
  });

  it('shows held-back words only when it is the candidate’s turn', () => {
    show(live({ micEnabled: true, phase: 'speaking', heldBack: 'closure captures' }));
    expect(screen.queryByRole('region', { name: /Held back/ })).toBeNull();
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

  it('tells a candidate cut off by the time limit to finish their answer', () => {
    const { unmount } = show(
      live(
        { micEnabled: true, recording: true, phase: 'listening', pending: 'I would add' },
        { completed: true, completionReason: 'time-up' },
      ),
    );
    expect(screen.getByText(/Time is up. Finish your answer: it will still be sent and scored/));
    unmount();
    show(live({ micEnabled: true }, { completed: true, completionReason: 'time-up' }));
    expect(screen.getByText('The interview is complete. Click End Interview to get your report.'));
  });
});

describe('the live screen: question, transcript and time', () => {
  it('always shows the current question, without opening the transcript', () => {
    show(live({ micEnabled: true }));
    expect(screen.queryByRole('complementary', { name: 'Transcript' })).toBeNull();
    const card = screen.getByRole('region', { name: 'Current question' });
    // The whole question, though the candidate cut the interviewer off after its first part.
    expect(card.textContent).toContain('What is a closure? And why would you use one?');
  });

  it('shows the question being streamed as it arrives', () => {
    show(
      live(
        { phase: 'speaking' },
        { streaming: "Thank you. Let's move on to the next question: What is a prom" },
      ),
    );
    expect(screen.getByRole('region', { name: 'Current question' }).textContent).toContain(
      'What is a prom',
    );
  });

  it('shows an interrupted reply cut where the candidate stopped it, the whole text a keypress away', async () => {
    const user = userEvent.setup();
    show(live({ micEnabled: true }));
    // Without the panel (narrow screens) End Interview stays in the header.
    expect(screen.getByRole('button', { name: 'End Interview' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show transcript' }));
    const panel = screen.getByRole('complementary', { name: 'Transcript' });
    expect(within(panel).getByText('2 messages · Frontend')).toBeTruthy();
    expect(within(panel).getByText('Interviewer')).toBeTruthy();
    expect(within(panel).getByText('You')).toBeTruthy();
    const reply = within(panel).getByText('Interviewer').closest('li')!;
    expect(reply.getAttribute('data-interrupted')).toBe('true');
    expect(within(reply).getByTestId('heard').textContent).toBe('Hello! What is a closure?…');
    expect(within(reply).getByTestId('interrupted').textContent).toBe(
      'Interrupted: you stopped the interviewer here.',
    );
    // The whole question stays readable: a disclosure, opened from the keyboard.
    const full = within(reply).getByTestId('full-text');
    expect(full.hidden).toBe(true);
    const toggle = within(reply).getByRole('button', { name: 'Show the full reply' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(full.id);
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(full.hidden).toBe(false);
    expect(full.textContent).toBe('Hello! What is a closure? And why would you use one?');
    expect(within(reply).getByRole('button', { name: 'Hide the full reply' })).toBe(toggle);
    expect(within(panel).getByRole('button', { name: 'End Interview' })).toBeTruthy();
  });

  it('calls the whole text of an interrupted question "the full question"', async () => {
    const question = { ...MESSAGES[0]!, meta: { kind: 'question' as const } };
    show(live({}, { messages: [question] }));
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    expect(screen.getByRole('button', { name: 'Show the full question' })).toBeTruthy();
  });

  it('marks a reply interrupted before a word was heard, the whole text still there', async () => {
    show(live({}, { messages: [{ ...MESSAGES[0]!, heard: '' }] }));
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    const panel = screen.getByRole('complementary', { name: 'Transcript' });
    expect(within(panel).queryByTestId('heard')).toBeNull();
    expect(within(panel).getByTestId('interrupted').textContent).toBe(
      'Interrupted before it was heard.',
    );
    expect(within(panel).getByTestId('full-text').textContent).toContain(MESSAGES[0]!.message);
  });

  it('shows a reply heard to its end as it is, not interrupted', async () => {
    show(live({}, { messages: [{ ...MESSAGES[0]!, heard: MESSAGES[0]!.message }] }));
    await userEvent.click(screen.getByRole('button', { name: 'Show transcript' }));
    const panel = screen.getByRole('complementary', { name: 'Transcript' });
    expect(within(panel).queryByTestId('interrupted')).toBeNull();
    expect(within(panel).getByText(MESSAGES[0]!.message)).toBeTruthy();
  });

  it('shows time remaining beside elapsed, and warns in the last 2 minutes, politely, agreeing with the timer', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    try {
      const at = Date.now();
      const clock = { elapsedMs: 27 * 60_000 + 30_000, at, running: true };
      show(live({}, { clock, durationMinutes: 30 }));
      expect(screen.getByRole('timer', { name: 'Elapsed time' }).textContent).toBe('27:30');
      const remaining = screen.getByRole('timer', { name: 'Time remaining' });
      expect(remaining.textContent).toBe('02:30 left');
      expect(remaining.className).not.toMatch(/amber/);
      const announcement = screen.getByTestId('time-announcement');
      expect(announcement.getAttribute('aria-live')).toBe('polite');
      expect(announcement.textContent).toBe('');

      const after = (ms: number) => {
        act(() => void vi.setSystemTime(at + ms));
        act(() => void vi.advanceTimersByTime(1_000));
        return screen.getByRole('timer', { name: 'Time remaining' });
      };
      expect(after(29_000).textContent).toBe('02:00 left');
      expect(announcement.textContent).toBe('2 minutes left in this interview.');
      // The "01:01 left" beside "2 minutes left": both say the same time now.
      const late = after(88_000);
      expect(late.textContent).toBe('01:01 left');
      expect(late.className).toMatch(/amber/);
      expect(announcement.textContent).toBe('1 minute left in this interview.');
      expect(after(91_000).textContent).toBe('00:58 left');
      expect(announcement.textContent).toBe('Less than a minute left in this interview.');
      expect(after(151_000).textContent).toBe('Time is up');
      expect(announcement.textContent).toBe('Time is up.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the time the server counted, and stops while the interview is not connected', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:00:00Z') });
    try {
      // Resumed 30 minutes after leaving with one minute counted: nine of ten left, not "Time is up".
      const clock = { elapsedMs: 60_000, at: Date.now(), running: true };
      const first = show(live({}, { clock, durationMinutes: 10 }));
      expect(screen.getByRole('timer', { name: 'Time remaining' }).textContent).toBe('09:00 left');
      act(() => void vi.advanceTimersByTime(5_000));
      expect(screen.getByRole('timer', { name: 'Elapsed time' }).textContent).toBe('01:05');

      const stopped = { elapsedMs: 65_000, at: Date.now(), running: false };
      first.unmount();
      show(live({}, { clock: stopped, durationMinutes: 10, status: 'disconnected' }));
      act(() => void vi.advanceTimersByTime(60_000));
      expect(screen.getByRole('timer', { name: 'Time remaining' }).textContent).toBe('08:55 left');
    } finally {
      vi.useRealTimers();
    }
  });

  it('formats times as MM:SS', () => {
    expect(mmss(0)).toBe('00:00');
    expect(mmss(65_400)).toBe('01:05');
    expect(mmss(3_600_000)).toBe('60:00');
  });
});

describe('the current question, from the interviewer’s latest words', () => {
  it.each([
    [
      "Thank you for that answer. Let's move on to the next question: What is a closure?",
      'What is a closure?',
      true,
    ],
    [
      "Hello! I'm Alex, and I'll be your interviewer today for SQL. We'll go through 3 questions. Let's begin with the first question: Explain how an index speeds up a query.",
      'Explain how an index speeds up a query.',
      true,
    ],
    [
      'Good point. Now, how would you shard it? Think about hot keys.',
      'Now, how would you shard it?',
      true,
    ],
    ['Tell me about yourself.', 'Tell me about yourself.', false],
    [
      "Excellent! We've covered all our questions. Thank you for your thoughtful responses.",
      "Excellent! We've covered all our questions. Thank you for your thoughtful responses.",
      false,
    ],
  ])('%s → %s', (message, text, asks) => {
    expect(currentQuestion(message)).toEqual({ text, asks });
  });
});
