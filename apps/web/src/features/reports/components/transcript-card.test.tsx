import { recordingUrl, type ConversationMessage } from '@candor/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TranscriptCard } from './transcript-card';

const line = (
  id: string,
  speaker: 'AI' | 'User',
  message: string,
  timestamp: string,
): ConversationMessage => ({ id, seq: 1, speaker, message, timestamp });

describe('the transcript’s play controls', () => {
  it('puts a player beside each answer that has a recording, and none elsewhere', () => {
    const messages = [
      line('a1', 'AI', 'What is a closure?', '2026-03-01T10:00:00.000Z'),
      line(
        'u1',
        'User',
        "Okay, so… a closure keeps its scope, Zoë O'Brien-Smith said.",
        '2026-03-01T10:00:12.000Z',
      ),
      line('a2', 'AI', 'And hoisting?', '2026-03-01T10:01:00.000Z'),
      line('u2', 'User', 'Declarations move up.', '2026-03-01T10:01:09.000Z'),
    ];
    const recordings = new Map([['u1', recordingUrl('attempt-1', 'u1')]]);
    render(<TranscriptCard messages={messages} isError={false} recordings={recordings} />);
    const players = screen.getAllByLabelText(/^Play your answer from /);
    expect(players).toHaveLength(1);
    const player = players[0] as HTMLAudioElement;
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('/api/interview/attempt-1/answers/u1/recording');
    expect(player.hasAttribute('controls')).toBe(true);
    // Beside the answer it belongs to.
    expect(player.closest('li')?.textContent).toContain('a closure keeps its scope');
  });

  it('shows the transcript alone when no recording is known', () => {
    render(
      <TranscriptCard
        messages={[line('u1', 'User', 'Declarations move up.', '2026-03-01T10:01:09.000Z')]}
        isError={false}
      />,
    );
    expect(screen.queryByLabelText(/^Play your answer from /)).toBeNull();
    expect(screen.getByText('Declarations move up.')).toBeTruthy();
  });
});
