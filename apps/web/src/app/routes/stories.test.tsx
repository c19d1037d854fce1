import type { Story, StoryDraft } from '@candor/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoriesThatFit } from '@/features/practice-loop/components/stories-that-fit';
import { fakeServer, type RecordedRequest } from '@/test/fake-server';
import { completedReport, questionReport } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ReportRoute } from './report-route';

/** My stories (issue 30): saved from a behavioural answer, pre-filled and editable; offered before a set they fit. */

const ID = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';

const behavioural = questionReport({
  question: 'Tell me about a time you fixed a broken process.',
  kind: 'behavioural',
  answer: 'At my last company releases broke. I wrote a checklist.',
  score: 60,
  comment: 'Add a result.',
});

const DRAFT: StoryDraft = {
  title: 'Tell me about a time you fixed a broken process',
  situation: 'At my last company releases broke.',
  task: '',
  action: 'I wrote a checklist.',
  result: '',
  skills: ['Ownership'],
  interviewId: ID,
  questionIndex: 0,
  covered: { situation: true, task: false, action: true, result: false },
};

const story = (over: Partial<Story>): Story => ({
  id: crypto.randomUUID(),
  title: 'A story',
  situation: '',
  task: '',
  action: '',
  result: '',
  skills: [],
  interviewId: null,
  questionIndex: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe('my stories', () => {
  it('saves a behavioural answer as a story, pre-filled and edited', async () => {
    const { requests } = fakeServer({
      fallback: ({ method, path }: RecordedRequest) => {
        if (path.endsWith('/story-draft')) return { body: DRAFT };
        if (method === 'POST' && path === '/api/user/stories') return { body: story({}) };
        if (path === '/api/user/stories') return { body: [] };
        if (path.startsWith('/api/report/'))
          return { body: completedReport({ questionReports: [behavioural] }) };
        if (path.endsWith('/model-answers')) return { body: [] };
        if (path.endsWith('/retry-outcome')) return { status: 404, body: { message: 'no' } };
        if (path.endsWith('/comparison')) return { body: { current: null, previous: null } };
        return { body: { id: ID, conversation: [] } };
      },
    });
    renderRoutes(`/reports/${ID}`, { '/reports/:id': <ReportRoute /> });
    // Which STAR parts the answer covered, before anything is saved.
    const coverage = await screen.findByTestId('star-coverage');
    expect(coverage.textContent).toBe(
      'STAR: Situation covered · Task missing · Action covered · Result missing',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save as a story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as a story' });
    const title = await within(dialog).findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe(DRAFT.title);
    expect((within(dialog).getByLabelText('Situation') as HTMLTextAreaElement).value).toBe(
      DRAFT.situation,
    );
    expect(within(dialog).getByText(/no task or result of its own/)).toBeTruthy();
    await userEvent.clear(title);
    await userEvent.type(title, 'Fixing Friday releases');
    await userEvent.type(within(dialog).getByLabelText('Result'), 'No failed release since.');
    await userEvent.type(within(dialog).getByLabelText('Skills it shows'), ', CI/CD');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save story' }));
    expect(await screen.findByText('Saved to My stories.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      title: 'Fixing Friday releases',
      situation: DRAFT.situation,
      task: '',
      action: DRAFT.action,
      result: 'No failed release since.',
      skills: ['Ownership', 'CI/CD'],
      interviewId: ID,
      questionIndex: 0,
    });
  });

  it('names the saved story an answer told, with each STAR part quoted or missing', async () => {
    const told = {
      ...behavioural,
      storyUse: {
        story: { id: crypto.randomUUID(), title: 'Fixing Friday releases' },
        star: {
          situation: 'At my last company releases broke.',
          task: null,
          action: 'I wrote a checklist.',
          result: null,
        },
        judgedBy: 'builtin' as const,
      },
    };
    fakeServer({
      fallback: ({ path }: RecordedRequest) => {
        if (path === '/api/user/stories') return { body: [] };
        if (path.startsWith('/api/report/'))
          return { body: completedReport({ questionReports: [told] }) };
        if (path.endsWith('/model-answers')) return { body: [] };
        if (path.endsWith('/retry-outcome')) return { status: 404, body: { message: 'no' } };
        if (path.endsWith('/comparison')) return { body: { current: null, previous: null } };
        return { body: { id: ID, conversation: [] } };
      },
    });
    renderRoutes(`/reports/${ID}`, { '/reports/:id': <ReportRoute /> });
    const used = await screen.findByRole('region', { name: 'The story answer 1 used' });
    expect(
      within(used).getByRole('link', { name: 'Fixing Friday releases' }).getAttribute('href'),
    ).toBe('/stories');
    const parts = [...used.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextElementSibling!.textContent}`,
    );
    expect(parts).toEqual([
      'Situation: At my last company releases broke.',
      'Task: Missing',
      'Action: I wrote a checklist.',
      'Result: Missing',
    ]);
    // The reading of older reports (from the draft) is not shown beside it.
    expect(screen.queryByTestId('star-coverage')).toBeNull();
  });

  it('lists the stories whose skills fit the set, before it starts', async () => {
    fakeServer({
      routes: {
        'GET /api/user/stories': () => ({
          body: [
            story({ title: 'Friday releases', skills: ['Ownership', 'CI/CD'] }),
            story({ title: 'A Kafka outage', skills: ['Kafka'] }),
          ],
        }),
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StoriesThatFit skills={['ownership', 'Leadership']} />
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('region', {
      name: 'Your stories that fit this interview',
    });
    expect(within(list).getByText('Friday releases')).toBeTruthy();
    expect(within(list).queryByText('A Kafka outage')).toBeNull();
  });
});
