import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { PatiencePicker } from './patience-picker';

const checked = () =>
  (['Relaxed', 'Normal', 'Quick'] as const).filter(
    (name) => (screen.getByRole('radio', { name: new RegExp(name) }) as HTMLInputElement).checked,
  );

describe('Patience', () => {
  it('two quick choices: the first save answering does not put the first choice back, and the saves go in order', async () => {
    const answers: Array<() => void> = [];
    const { requests } = fakeServer({
      candidate: makeUser(),
      routes: {
        'PUT /api/user/preferences': (body) =>
          new Promise((resolve) =>
            answers.push(() =>
              resolve({
                body: { success: true, patience: (body as { patience: string }).patience },
              }),
            ),
          ),
      },
    });
    renderWithProviders(<PatiencePicker id="test" />);
    await waitFor(() => expect(checked()).toEqual(['Normal']));

    fireEvent.click(screen.getByRole('radio', { name: /Relaxed/ }));
    expect(checked()).toEqual(['Relaxed']);
    fireEvent.click(screen.getByRole('radio', { name: /Quick/ }));
    expect(checked()).toEqual(['Quick']);

    // One save at a time: the second waits for the first.
    await waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!();
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(checked()).toEqual(['Quick']);
    answers[1]!();
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        { patience: 'relaxed' },
        { patience: 'quick' },
      ]),
    );
    expect(checked()).toEqual(['Quick']);
  });
});
