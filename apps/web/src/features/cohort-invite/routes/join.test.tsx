import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { JoinCohortPage } from './join';

const TOKEN = 'A'.repeat(43);
const PATH = `/join/${TOKEN}`;
const preview = {
  cohort: { name: 'Évening cohort', startsOn: '2031-09-01', endsOn: '2031-12-15' },
  expiresAt: '2031-09-15T00:00:00.000Z',
};

function Away({ name }: { name: string }) {
  const from = (useLocation().state as { from?: string } | null)?.from;
  return <p>{`${name} from ${from ?? 'nowhere'}`}</p>;
}

/** The join page and the pages it leads to, each saying where it was sent from. */
function show() {
  renderRoutes(PATH, {
    '/join/:token': <JoinCohortPage />,
    '/signup': <Away name="sign-up" />,
    '/login': <Away name="sign-in" />,
    '/': <p>dashboard</p>,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('JoinCohortPage', { timeout: 20_000 }, () => {
  it('names the cohort to anyone, and sends a visitor to sign up and back', async () => {
    fakeServer({ routes: { [`GET /api/cohort-invites/${TOKEN}`]: () => ({ body: preview }) } });
    show();
    expect(await screen.findByRole('heading', { name: 'Join Évening cohort' })).toBeTruthy();
    expect(screen.getByText('1 Sep 2031 – 15 Dec 2031')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await userEvent.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(await screen.findByText(`sign-up from ${PATH}`)).toBeTruthy();
  });

  it('joins a signed-in candidate with one click', async () => {
    const joined: string[] = [];
    fakeServer({
      candidate: makeUser(),
      routes: {
        [`GET /api/cohort-invites/${TOKEN}`]: () => ({ body: preview }),
        [`POST /api/cohort-invites/${TOKEN}/join`]: () => {
          joined.push(TOKEN);
          return { body: { cohort: { id: 'k1', name: 'Évening cohort' }, joined: true } };
        },
      },
    });
    show();
    expect(await screen.findByText(/Signed in as ada@example.com/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Join Évening cohort' }));
    expect(await screen.findByText('You joined Évening cohort.')).toBeTruthy();
    expect(joined).toEqual([TOKEN]);
    await userEvent.click(screen.getByRole('link', { name: 'Go to your dashboard' }));
    expect(await screen.findByText('dashboard')).toBeTruthy();
  });

  it('says why a link opens nothing: expired, full, or not a link', async () => {
    for (const [status, code, words] of [
      [410, 'INVITE_EXPIRED', 'This invite link has expired.'],
      [409, 'INVITE_FULL', 'Every place this link offers is taken.'],
      [404, 'NOT_FOUND', 'This invite link is not valid.'],
    ] as const) {
      fakeServer({
        routes: {
          [`GET /api/cohort-invites/${TOKEN}`]: () => ({ status, body: { message: 'x', code } }),
        },
      });
      const { unmount } = renderRoutes(PATH, { '/join/:token': <JoinCohortPage /> });
      expect(await screen.findByText(words, { exact: false })).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
      unmount();
    }
  });
});
