import type { InterviewSetDetail } from '@candor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { PreStart } from './pre-start';

const set = {
  id: '3f1c7a52-9d4e-4b8a-a1c2-6e5d4f3b2a10',
  title: 'Databases & SQL',
  description: 'Joins, indexes and transactions.',
  categoryName: 'Backend',
  difficulty: 'senior',
  type: 'fixed',
  topics: ['SQL'],
  duration: 30,
} as unknown as InterviewSetDetail;

const noop = () => undefined;

/** The pre-start screen's Patience (decision 037): the candidate's own, saved in the account. */
describe('Patience on the pre-start screen', () => {
  it('shows the candidate’s patience beside the interviewer style, and saves a change', async () => {
    const { requests } = fakeServer({
      candidate: makeUser({ patience: 'quick' }),
      fallback: () => ({ body: { success: true, theme: 'system', patience: 'relaxed' } }),
    });
    renderWithProviders(
      <PreStart
        set={set}
        starting={false}
        error={null}
        onStart={noop}
        language="en-GB"
        onLanguage={noop}
        voices={[]}
        voiceName=""
        onVoice={noop}
        typed={false}
        onTyped={noop}
        recognitionAvailable
        keepRecordings
        onKeepRecordings={noop}
        interviewerStyle="demanding"
        onInterviewerStyle={noop}
      />,
    );
    const group = await screen.findByRole('group', { name: 'Patience' });
    const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
    // A demanding interviewer does not make the candidate's patience any shorter.
    await waitFor(() => expect(radio(/Quick/).checked).toBe(true));
    expect(group.textContent).toContain('whatever its style');
    await userEvent.click(radio(/Relaxed/));
    expect(radio(/Relaxed/).checked).toBe(true);
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({
          method: 'PUT',
          path: '/api/user/preferences',
          body: { patience: 'relaxed' },
        }),
      ),
    );
  });
});
