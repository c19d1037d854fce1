import type { DrillPlan } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DrillReasonsList } from '@/features/practice-loop/components/drill-reasons';
import { PractiseNextDrill } from '@/features/practice-loop/components/practise-next-drill';
import { fakeServer, type RecordedRequest } from '@/test/fake-server';
import { renderRoutes, renderWithProviders } from '@/test/render';

/**
 * Practise next as a drill (issue 30, decision 045): the weakest skills with one click to the
 * drill, its empty state before any scored answer, and why each question is in it.
 */

const DRILL_ID = '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f';

const PLAN: DrillPlan = {
  minutes: 10,
  attemptsRead: 4,
  skills: [
    { skill: 'System Design', score: 42, answers: 3 },
    { skill: 'Behavioural', score: 55, answers: 2 },
    { skill: 'SQL', score: 61, answers: 5 },
  ],
  questions: [
    {
      position: 0,
      skill: 'System Design',
      source: 'retry',
      kind: 'system-design',
      question: 'Design a URL shortener.',
      lastScore: 35,
      lastAskedAt: '2026-11-20T10:00:00.000Z',
    },
    {
      position: 1,
      skill: 'SQL',
      source: 'new',
      kind: 'technical',
      question: null,
      lastScore: null,
      lastAskedAt: null,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('practise next', () => {
  it('names the weakest skills and starts the drill with one click', async () => {
    const { requests } = fakeServer({
      fallback: ({ method, path }: RecordedRequest) => {
        if (method === 'POST' && path === '/api/user/drills')
          return { body: { id: DRILL_ID, roomId: `interview-${DRILL_ID}` } };
        if (path === '/api/user/drill') return { body: PLAN };
        return { status: 404, body: { message: 'no' } };
      },
    });
    renderRoutes('/', {
      '/': <PractiseNextDrill />,
      '/interview/drill/:attemptId': <p>Drill pre-start</p>,
    });
    const card = await screen.findByRole('region', { name: 'Practise next' });
    const skills = await within(card).findByTestId('drill-skills');
    expect(skills.textContent).toContain('System Design42 out of 100/100 · 3 answers');
    expect(card.textContent).toContain('Your weakest skills in your last 4 interviews');
    expect(card.textContent).toContain('A 10-minute drill of 2 questions: 1 to try again, 1 new.');
    await userEvent.click(within(card).getByRole('button', { name: 'Start a 10-minute drill' }));
    expect(await screen.findByText('Drill pre-start')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([
      '/api/user/drills',
    ]);
  });

  it('says what it will do before the first scored answer', async () => {
    fakeServer({
      routes: {
        'GET /api/user/drill': () => ({
          body: { minutes: 10, skills: [], questions: [], attemptsRead: 0 },
        }),
      },
    });
    renderWithProviders(<PractiseNextDrill />);
    const empty = await screen.findByTestId('drill-empty');
    expect(empty.textContent).toContain('No scored answers yet');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/practice');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to try again when the skills cannot be read', async () => {
    fakeServer({
      routes: { 'GET /api/user/drill': () => ({ status: 500, body: { message: 'down' } }) },
    });
    renderWithProviders(<PractiseNextDrill />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not read your weakest skills.',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('says before the start why each question is in the drill', () => {
    renderWithProviders(<DrillReasonsList plan={PLAN} />);
    const reasons = screen.getAllByTestId('drill-reason').map((r) => r.textContent);
    expect(reasons).toEqual([
      '1. Your weakest: System Design 42Try again: you scored 35 on 20 Nov 2026 on “Design a URL shortener.”',
      '2. Your weakest: SQL 61A new question on SQL',
    ]);
  });
});
