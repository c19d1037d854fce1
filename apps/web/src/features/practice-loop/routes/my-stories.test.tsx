import type { Story } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type RecordedRequest } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { MyStoriesPage } from './my-stories';

/** My stories (issue 30): list, edit, delete after a confirmation, add by hand; empty and failed. */

const REPORT = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';

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
  updatedAt: '2026-01-02T10:00:00.000Z',
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

/** A stories API kept in memory, as the server answers it. */
function serve(initial: Story[]) {
  let list = [...initial];
  return fakeServer({
    fallback: ({ method, path, body }: RecordedRequest) => {
      const b = body as Story;
      if (method === 'GET' && path === '/api/user/stories') return { body: list };
      if (method === 'POST' && path === '/api/user/stories') {
        const made = story({ ...b, id: crypto.randomUUID() });
        list = [...list, made];
        return { body: made };
      }
      const id = path.split('/').at(-1);
      if (method === 'PUT') {
        list = list.map((s) => (s.id === id ? { ...s, ...b } : s));
        return { body: list.find((s) => s.id === id) };
      }
      if (method === 'DELETE') {
        list = list.filter((s) => s.id !== id);
        return { body: { success: true } };
      }
      return { status: 404, body: { message: 'no' } };
    },
  });
}

describe('My stories', () => {
  it('lists the stories, edits one keeping the answer it came from, and deletes one after asking', async () => {
    const friday = story({
      title: 'Fixing Friday releases',
      situation: 'Releases kept breaking on Fridays.',
      action: 'A checklist and a canary step.',
      skills: ['Ownership', 'CI/CD'],
      interviewId: REPORT,
      questionIndex: 2,
    });
    const outage = story({ title: 'A Kafka outage', skills: ['Kafka'] });
    const { requests } = serve([friday, outage]);
    renderWithProviders(<MyStoriesPage />);

    const list = await screen.findByRole('list', { name: 'Your stories' });
    const card = within(list).getByRole('article', { name: 'Fixing Friday releases' });
    expect(within(card).getByText('Releases kept breaking on Fridays.')).toBeTruthy();
    // A part not written yet says so.
    expect(within(card).getAllByText('Not written yet')).toHaveLength(2);
    expect(
      within(card).getByRole('link', { name: "an interview's report" }).getAttribute('href'),
    ).toBe(`/reports/${REPORT}`);

    await userEvent.click(
      within(card).getByRole('button', { name: 'Edit Fixing Friday releases' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit the story' });
    await userEvent.type(within(dialog).getByLabelText('Result'), 'No failed release since.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(list).findByText('No failed release since.')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      url: `/api/user/stories/${friday.id}`,
      body: {
        title: 'Fixing Friday releases',
        result: 'No failed release since.',
        skills: ['Ownership', 'CI/CD'],
        interviewId: REPORT,
        questionIndex: 2,
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete A Kafka outage' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this story?' });
    // Cancel keeps it.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete A Kafka outage' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    await vi.waitFor(() => expect(screen.queryByText('A Kafka outage')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      `/api/user/stories/${outage.id}`,
    ]);
  });

  it('starts empty, and adds a story by hand (the form names what is missing)', async () => {
    const { requests } = serve([]);
    renderWithProviders(<MyStoriesPage />);
    expect(await screen.findByRole('heading', { name: 'No stories yet' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a story' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add story' }));
    expect(await within(dialog).findByText('title is required')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Mentoring a new hire');
    await userEvent.type(within(dialog).getByLabelText('Skills it shows'), 'Mentoring, Leadership');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add story' }));
    expect(await screen.findByRole('article', { name: 'Mentoring a new hire' })).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({
      title: 'Mentoring a new hire',
      situation: '',
      task: '',
      action: '',
      result: '',
      skills: ['Mentoring', 'Leadership'],
    });
  });

  it('says when the stories cannot be loaded, and tries again', async () => {
    let calls = 0;
    fakeServer({
      routes: {
        'GET /api/user/stories': () =>
          ++calls === 1 ? { status: 500, body: { message: 'Server down' } } : { body: [] },
      },
    });
    renderWithProviders(<MyStoriesPage />);
    expect(
      await screen.findByRole('heading', { name: 'Failed to load your stories' }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'No stories yet' })).toBeTruthy();
  });
});
