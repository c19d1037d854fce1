import type { InterviewSetDetail } from '@candor/shared';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptDetail, fakeLiveServer, fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { InterviewPage } from './interview';

const SET_ID = '3f1c7a52-9d4e-4b8a-a1c2-6e5d4f3b2a10';
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
  topics: ['SQL', 'Indexes'],
  duration: 30,
  showHome: false,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  _count: { interviews: 0, questions: 2 },
  completedCount: 0,
  aiPrompt: null,
  questions: [],
} as unknown as InterviewSetDetail;

type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;

/** The HTTP boundary only: the route, its query, the pre-start screen and the start flow are real. */
function serve(handler: (method: string, url: string) => Reply) {
  return fakeServer({
    fallback: ({ method, url }) => handler(method, url),
  }).requests;
}

/** The live channel: these tests stop at the start of the attempt (its sockets never open). */
let live: ReturnType<typeof fakeLiveServer>;

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function show(path = `/interview/${SET_ID}`) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/interview/:id?"
        element={
          <>
            <InterviewPage />
            <Where />
          </>
        }
      />
    </Routes>,
    { path },
  );
}

beforeEach(() => {
  live = fakeLiveServer();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
});

describe('Interview route, before the interview starts', () => {
  it('says the link is invalid without an id', () => {
    serve(() => ({ status: 200, body: set }));
    show('/interview');
    expect(screen.getByText('Invalid Interview URL')).toBeTruthy();
    expect(screen.getByText('No interview ID was provided in the URL.')).toBeTruthy();
  });

  it('loads the set, then shows the pre-start screen with every card', async () => {
    serve(() => ({ status: 200, body: set }));
    show();
    expect(screen.getByText('Loading interview...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Databases & SQL' })).toBeTruthy();
    expect(screen.getAllByText('senior')[0]?.className).toMatch(/purple/);
    expect(screen.getAllByText(/30 minutes/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Backend').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /Back to Practice/ }).getAttribute('href')).toBe(
      '/practice',
    );
    for (const title of [
      'Voice Interaction',
      'AI-Powered Analysis',
      'Focused Learning',
      'Instant Evaluation',
      'Quiet Environment',
      'Audio Quality',
      'Clear Communication',
      'Think Out Loud',
      'Ask Questions',
      'Take Your Time',
    ]) {
      expect(screen.getByText(title, { exact: true })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: 'Start Interview' })).toBeTruthy();
  });

  it.each([
    ['a set that does not exist or is inactive', 404, { message: 'Interview set not found' }],
    ['a raw validation refusal', 400, { message: 'id: id must be a valid id' }],
  ])('%s: a human message and a way back to Practice', async (_what, status, body) => {
    serve(() => ({ status, body }));
    show();
    expect(await screen.findByRole('heading', { name: 'Interview Not Found' })).toBeTruthy();
    expect(
      screen.getByText(
        'This interview set does not exist or is no longer available. Choose another one in Practice.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(body.message)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Practice' }).getAttribute('href')).toBe(
      '/practice',
    );
  });

  it('an address that is not an id: the same page, without asking the server', () => {
    const calls = serve(() => ({ status: 200, body: set }));
    show('/interview/not-a-set');
    expect(screen.getByRole('heading', { name: 'Interview Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Practice' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('a failure to load says so, retries, and still offers the way back', async () => {
    let fail = true;
    serve(() => (fail ? { status: 500, body: {} } : { status: 200, body: set }));
    show();
    expect(await screen.findByText('Failed to Load Interview')).toBeTruthy();
    expect(screen.getByText('Could not load the specified interview set.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Practice' })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Databases & SQL' })).toBeTruthy();
  });

  it('a missing attempt in the address: a human message, Practice, or start again', async () => {
    const calls = serve((_method, url) =>
      url.includes(ATTEMPT_ID)
        ? { status: 404, body: { message: 'Interview not found' } }
        : { status: 200, body: set },
    );
    show(`/interview/${SET_ID}?attempt=${ATTEMPT_ID}&typed=1`);
    expect(await screen.findByRole('heading', { name: 'Interview Not Found' })).toBeTruthy();
    expect(screen.getByText(/This interview attempt could not be found/)).toBeTruthy();
    expect(screen.queryByText('Interview not found')).toBeNull();
    expect(calls.map((c) => c.url)).toContain(`/api/interview/${ATTEMPT_ID}`);
    // No live channel is opened for an attempt that is not there.
    expect(live.sockets).toEqual([]);
    expect(screen.getByRole('link', { name: 'Back to Practice' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Start again' }));
    expect(await screen.findByRole('button', { name: 'Start Interview' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/interview/${SET_ID}`);
  });

  it('a malformed attempt id is missing too, without asking the server', async () => {
    const calls = serve(() => ({ status: 200, body: set }));
    show(`/interview/${SET_ID}?attempt=12345`);
    expect(await screen.findByRole('heading', { name: 'Interview Not Found' })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('12345'))).toBe(false);
  });

  it('an attempt that exists opens the live interview', async () => {
    serve((_method, url) =>
      url.includes(ATTEMPT_ID)
        ? { status: 200, body: { id: ATTEMPT_ID, status: 'in_progress' } }
        : { status: 200, body: set },
    );
    show(`/interview/${SET_ID}?attempt=${ATTEMPT_ID}&typed=1`);
    await vi.waitFor(() =>
      expect(live.sockets.at(-1)?.url).toMatch(new RegExp(`/api/interview/${ATTEMPT_ID}/live$`)),
    );
  });

  it('starts from the browser language when offered (else en-IN) and remembers the choice', async () => {
    // A browser with speech recognition: voice answers are offered.
    (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = class {};
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de']);
    serve(() => ({ status: 200, body: set }));
    let view = show();
    let language = (await screen.findByLabelText('Recognition language')) as HTMLSelectElement;
    expect(language.value).toBe('en-IN');
    view.unmount();
    languages.mockReturnValue(['de-DE', 'en-AU', 'en-US']);
    view = show();
    language = (await screen.findByLabelText('Recognition language')) as HTMLSelectElement;
    expect(language.value).toBe('en-AU');
    languages.mockRestore();
    const typed = screen.getByLabelText('Type my answers instead of speaking') as HTMLInputElement;
    expect(typed.checked).toBe(false);
    expect(typed.disabled).toBe(false);
    await userEvent.selectOptions(language, 'en-GB');
    view.unmount();
    show();
    expect(
      ((await screen.findByLabelText('Recognition language')) as HTMLSelectElement).value,
    ).toBe('en-GB');
  });

  it('without speech recognition says why and switches to typed answers', async () => {
    serve(() => ({ status: 200, body: set }));
    show();
    expect(await screen.findByText(/Voice answers are not available in this browser/)).toBeTruthy();
    const typed = screen.getByLabelText('Type my answers instead of speaking') as HTMLInputElement;
    expect(typed.checked).toBe(true);
    expect(typed.disabled).toBe(true);
  });

  it('Start Interview shows Preparing..., creates the attempt from the set and keeps its id in the URL', async () => {
    let answer!: (r: { status: number; body: unknown }) => void;
    const calls = serve((method) =>
      method === 'POST' ? new Promise((resolve) => (answer = resolve)) : { status: 200, body: set },
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Interview' }));
    const preparing = await screen.findByRole('button', { name: 'Preparing...' });
    expect((preparing as HTMLButtonElement).disabled).toBe(true);
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/interview');
    expect(post?.body).toEqual({
      title: 'Databases & SQL',
      category: 'Backend',
      difficulty: 'senior',
      type: 'fixed',
      duration: 30,
      topics: ['SQL', 'Indexes'],
      interviewSetId: SET_ID,
    });
    await act(async () => answer({ status: 201, body: { id: ATTEMPT_ID, roomId: 'room' } }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/interview/${SET_ID}?attempt=${ATTEMPT_ID}&typed=1`,
    );
    // The live screen opens the attempt's live channel.
    expect(live.sockets.at(-1)?.url).toMatch(new RegExp(`/api/interview/${ATTEMPT_ID}/live$`));
  });

  it('offers to resume an unfinished attempt of the same set instead of starting another', async () => {
    const calls = serve((method, url) =>
      url.startsWith('/api/interview?')
        ? {
            status: 200,
            body: {
              interviews: [
                {
                  id: ATTEMPT_ID,
                  title: 'Databases & SQL',
                  type: 'fixed',
                  status: 'in_progress',
                  cancelReason: null,
                  categoryName: 'Backend',
                  topics: ['SQL'],
                  duration: 30,
                  scheduledAt: '2026-02-01T10:00:00.000Z',
                  createdAt: '2026-02-01T10:00:00.000Z',
                  completedAt: null,
                  interviewSetId: SET_ID,
                  interviewSet: { title: 'Databases & SQL', category: { name: 'Backend' } },
                  report: null,
                },
              ],
              meta: { totalCount: 1, totalPages: 1, currentPage: 1, limit: 3 },
            },
          }
        : { status: 200, body: set },
    );
    show();
    expect(
      await screen.findByText(/You have an unfinished attempt of this interview/),
    ).toBeTruthy();
    const asked = new URL(
      calls.find((c) => c.url.startsWith('/api/interview?'))!.url,
      'http://localhost',
    ).searchParams;
    expect(asked.get('status')).toBe('not_completed');
    expect(asked.get('setId')).toBe(SET_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Resume attempt' }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/interview/${SET_ID}?attempt=${ATTEMPT_ID}`,
    );
    // No new attempt: the live screen opens the unfinished one's channel.
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(live.sockets.at(-1)?.url).toMatch(new RegExp(`/api/interview/${ATTEMPT_ID}/live$`));
  });

  it('says recordings are kept, and a candidate who turns them off starts an attempt that keeps none', async () => {
    const calls = serve((method) =>
      method === 'POST'
        ? { status: 200, body: { id: ATTEMPT_ID, roomId: 'room' } }
        : { status: 200, body: set },
    );
    show();
    const toggle = await screen.findByRole('checkbox', { name: 'Keep recordings of my answers' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText(/The audio of each spoken answer is kept with your report/),
    ).toBeTruthy();
    await userEvent.click(toggle);
    expect(screen.getByText(/Nothing of your voice is kept/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Start Interview' }));
    await screen.findByText(`/interview/${SET_ID}?attempt=${ATTEMPT_ID}&typed=1`);
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/interview', expect.any(Object)],
      ['PUT', `/api/interview/${ATTEMPT_ID}`, { keepRecordings: false }],
    ]);
    // Remembered for the next interview.
    expect(localStorage.getItem('candor.keep-recordings')).toBe('false');
  });

  it('sends the interviewer style chosen on the pre-start screen with the start (issue 15)', async () => {
    const calls = serve((method) =>
      method === 'POST'
        ? { status: 200, body: { id: ATTEMPT_ID, roomId: 'room' } }
        : { status: 200, body: set },
    );
    show();
    const group = await screen.findByRole('group', { name: 'Interviewer style' });
    expect((screen.getByRole('radio', { name: /Friendly/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(group.textContent).toContain('long rambles cut off after two minutes');
    await userEvent.click(screen.getByRole('radio', { name: /Demanding/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Start Interview' }));
    await screen.findByText(`/interview/${SET_ID}?attempt=${ATTEMPT_ID}&typed=1`);
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url, c.body])).toEqual([
      ['POST', '/api/interview', expect.any(Object)],
      ['PUT', `/api/interview/${ATTEMPT_ID}`, { interviewerStyle: 'demanding' }],
    ]);
  });

  it('opens a tailored attempt made on "Practise for a job" without making another', async () => {
    const calls = serve((method, url) =>
      url === `/api/interview/${ATTEMPT_ID}`
        ? {
            status: 200,
            body: attemptDetail({
              status: 'scheduled',
              startedAt: null,
              type: 'tailored',
              flow: 'topic-based',
              title: 'Practise for Senior Backend Engineer',
              categoryName: 'Tailored',
              difficulty: 'senior',
              duration: 20,
              interviewerStyle: 'neutral',
              followUpDepth: 2,
              tailored: {
                role: 'Senior Backend Engineer',
                required: ['Go', 'PostgreSQL'],
                niceToHave: [],
              },
            }),
          }
        : { status: 404, body: { message: 'Not found' } },
    );
    renderWithProviders(
      <Routes>
        <Route
          path="/interview/job/:attemptId"
          element={
            <>
              <InterviewPage madeAttempt={ATTEMPT_ID} />
              <Where />
            </>
          }
        />
      </Routes>,
      { path: `/interview/job/${ATTEMPT_ID}` },
    );
    expect(
      await screen.findByRole('heading', { name: 'Practise for Senior Backend Engineer' }),
    ).toBeTruthy();
    expect(
      screen.getByText(/Drawn from the job description for Senior Backend Engineer/),
    ).toBeTruthy();
    // The style the attempt was made with is the one chosen.
    expect((screen.getByRole('radio', { name: /Neutral/ }) as HTMLInputElement).checked).toBe(true);
    // Two follow-ups were chosen for it: the styles promise what the interviewer will do.
    expect(screen.getByRole('radio', { name: /Friendly/ }).getAttribute('aria-describedby')).toBe(
      'style-friendly-note',
    );
    expect(document.getElementById('style-friendly-note')!.textContent).toBe(
      'Warm acknowledgements, up to two follow-ups where an answer is thin.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Start Interview' }));
    await screen.findByText(`/interview/job/${ATTEMPT_ID}?attempt=${ATTEMPT_ID}&typed=1`);
    // Nothing created, nothing changed (the defaults kept).
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it.each([
    [true, /coaches may also listen to it when they review your report/],
    [false, /Only you can play it/],
  ])(
    'says who may play kept recordings before anything is kept (coaches may listen: %s)',
    async (coachesMayListen, note) => {
      serve((_method, url) =>
        url === '/api/interview/speech'
          ? {
              status: 200,
              body: { recognition: 'browser', voice: 'browser', coachesMayListen },
            }
          : { status: 200, body: set },
      );
      show();
      await screen.findByRole('checkbox', { name: 'Keep recordings of my answers' });
      expect(screen.getByText(note)).toBeTruthy();
      expect(
        screen.queryByText(coachesMayListen ? /Only you can play it/ : /coaches may also listen/),
      ).toBeNull();
    },
  );

  it('a failed start says so and offers Start Interview again', async () => {
    serve((method) =>
      method === 'POST'
        ? { status: 500, body: { message: 'Failed to create interview session' } }
        : { status: 200, body: set },
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Start Interview' }));
    expect(await screen.findByText('Failed to create interview session')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start Interview' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(`/interview/${SET_ID}`);
  });
});
