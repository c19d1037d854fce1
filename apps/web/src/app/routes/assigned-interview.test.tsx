import type { InterviewSetDetail, MyAssignmentsResponse } from '@candor/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeLiveServer, fakeServer, type RecordedRequest } from '@/test/fake-server';
import { renderRoutes } from '@/test/render';
import { InterviewRoute } from './interview-route';

/**
 * An assigned set's pre-start screen (issue 31): reached from "Assigned to you" or a course's LTI
 * link as /interview/{set}?assignment={id}; it says which assignment it is, and its Start makes
 * the attempt through the assignment, so the attempt counts for it.
 */

const SET_ID = '3f1c7a52-9d4e-4b8a-a1c2-6e5d4f3b2a10';
const ASSIGNMENT_ID = '5b6c7d8e-1f2a-4b3c-9d4e-5f6a7b8c9d0e';
const ATTEMPT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const set = {
  id: SET_ID,
  title: 'Databases & SQL',
  description: 'Joins, indexes and transactions.',
  category: { id: 'c1', name: 'Backend' },
  categoryId: 'c1',
  categoryName: 'Backend',
  difficulty: 'senior',
  type: 'fixed',
  topics: ['SQL'],
  duration: 30,
  showHome: false,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  _count: { interviews: 0, questions: 2 },
  aiPrompt: null,
  questions: [],
} as unknown as InterviewSetDetail;

const mine = (openInterviewId: string | null = null): MyAssignmentsResponse => ({
  assignments: [
    {
      id: ASSIGNMENT_ID,
      cohortName: 'Promo Été',
      opensAt: '2026-11-20T09:00:00.000Z',
      dueAt: '2026-11-29T17:00:00.000Z',
      attemptsAllowed: 2,
      recordingsReviewable: false,
      open: true,
      overdue: false,
      sets: [
        {
          id: SET_ID,
          title: set.title,
          status: openInterviewId ? 'in_progress' : 'not_started',
          attemptsUsed: 0,
          openInterviewId,
          bestScore: null,
        },
      ],
    },
  ],
});

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function serve(assignments: MyAssignmentsResponse) {
  return fakeServer({
    fallback: ({ method, path }: RecordedRequest) => {
      if (path === '/api/assignments') return { body: assignments };
      if (path === '/api/user/stories') return { body: [] };
      if (method === 'POST') return { body: { id: ATTEMPT_ID, roomId: 'room' } };
      if (method === 'PUT') return { body: {} };
      return { body: set };
    },
  }).requests;
}

const show = (path: string) =>
  renderRoutes(path, {
    '/interview/:id?': (
      <>
        <InterviewRoute />
        <Where />
      </>
    ),
  });

beforeEach(() => {
  fakeLiveServer();
  localStorage.clear();
});

describe('an assigned set before the start', () => {
  it('names the assignment, and Start makes the attempt through it', async () => {
    const calls = serve(mine());
    show(`/interview/${SET_ID}?assignment=${ASSIGNMENT_ID}`);
    const banner = await screen.findByTestId('assignment-before-start');
    expect(banner.textContent).toMatch(/Assigned to you by Promo Été: due .*\. 2 of 2 attempts left/);
    // Another unfinished attempt of the set is not offered: it would not count.
    expect(calls.some((c) => c.url.includes('not_completed'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Start Interview' }));
    await screen.findByText(
      `/interview/${SET_ID}?assignment=${ASSIGNMENT_ID}&attempt=${ATTEMPT_ID}&typed=1`,
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/assignments/${ASSIGNMENT_ID}/sets/${SET_ID}/start`,
    ]);
  });

  it('offers the assignment’s own unfinished attempt to continue', async () => {
    serve(mine(ATTEMPT_ID));
    show(`/interview/${SET_ID}?assignment=${ASSIGNMENT_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue attempt' }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/interview/${SET_ID}?assignment=${ASSIGNMENT_ID}&attempt=${ATTEMPT_ID}`,
    );
  });

  it('an assignment that is not theirs: the set as practice, saying so', async () => {
    const calls = serve({ assignments: [] });
    show(`/interview/${SET_ID}?assignment=${ASSIGNMENT_ID}`);
    await screen.findByText(/This assignment is not among yours/);
    await userEvent.click(screen.getByRole('button', { name: 'Start Interview' }));
    await screen.findByText(/attempt=/);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/interview']);
  });
});
