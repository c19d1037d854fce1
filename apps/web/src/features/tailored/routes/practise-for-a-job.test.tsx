import type { TailoredJobDescription, TailoredResume } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { PractiseForAJobPage } from './practise-for-a-job';

afterEach(() => vi.unstubAllGlobals());

const ADVERT = `Senior Backend Engineer\n\nRequirements:\n- 5+ years building services in Go\n- Strong PostgreSQL: schema design, indexes, query plans\n- Running services on Kubernetes in production\n\nNice to have:\n- Kafka\n\nYou will join a team of six engineers.`;

const JOB: TailoredJobDescription = {
  id: '00000000-0000-4000-8000-0000000000a1',
  kind: 'job-description',
  name: 'Senior Backend Engineer',
  preview: ADVERT.slice(0, 200),
  createdAt: '2026-11-24T10:00:00.000Z',
  requirements: {
    role: 'Senior Backend Engineer',
    level: 'senior',
    required: ['Go', 'PostgreSQL', 'Kubernetes'],
    niceToHave: ['Kafka'],
  },
};
const RESUME: TailoredResume = {
  id: '00000000-0000-4000-8000-0000000000b2',
  kind: 'resume',
  name: 'cv.pdf',
  preview: "Zoë O'Brien-Smith",
  createdAt: '2026-11-24T10:00:00.000Z',
  profile: {
    skills: ['Go', 'Kubernetes'],
    projects: [{ name: 'Payments Platform', summary: 'Led the move to services on Kubernetes.' }],
    years: 7,
  },
};
const ATTEMPT = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function show() {
  return renderWithProviders(
    <Routes>
      <Route path="/practice/job" element={<PractiseForAJobPage />} />
      <Route path="/interview/job/:attemptId" element={<Where />} />
    </Routes>,
    { path: '/practice/job' },
  );
}

describe('Practise for a job', { timeout: 20_000 }, () => {
  it('reads the advert and the résumé, lets the candidate confirm the skills, and makes the attempt', async () => {
    const user = userEvent.setup();
    const { requests } = fakeServer({
      candidate: makeUser(),
      routes: {
        'POST /api/tailored/job-descriptions': () => ({ status: 201, body: JOB }),
        'POST /api/tailored/resumes': () => ({ status: 201, body: RESUME }),
        'POST /api/tailored/interviews': () => ({
          status: 201,
          body: { id: ATTEMPT, roomId: `interview-${ATTEMPT}` },
        }),
      },
    });
    show();
    const textarea = await screen.findByLabelText('Job description');
    // Too short: said before anything is sent.
    await user.type(textarea, 'Go developer wanted');
    await user.click(screen.getByRole('button', { name: 'Read the job description' }));
    expect(await screen.findByText(/Paste the whole advert: at least 200 characters/)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(textarea);
    await user.click(textarea);
    await user.paste(ADVERT.repeat(2));
    const file = new File(['%PDF-1.4 fake'], 'cv.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Résumé (optional)'), file);
    await user.click(screen.getByRole('button', { name: 'Read the job description and résumé' }));

    await screen.findByRole('heading', { name: 'Confirm what the job asks for' });
    const upload = requests.find((r) => r.path === '/api/tailored/resumes')!;
    expect(upload.url).toBe('/api/tailored/resumes?name=cv.pdf');
    const required = screen.getByRole('list', { name: 'Required skills' });
    expect(
      within(required)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Go', 'PostgreSQL', 'Kubernetes']);
    expect(screen.getByRole('list', { name: 'Projects from your résumé' }).textContent).toContain(
      'Payments Platform',
    );

    // Remove one, add one; a duplicate is refused.
    await user.click(screen.getByRole('button', { name: 'Remove Kubernetes' }));
    await user.click(screen.getByRole('button', { name: 'Remove Kafka' }));
    const add = screen.getByLabelText('Add a skill');
    await user.type(add, 'Redis{Enter}');
    await user.type(add, 'go{Enter}');
    expect(await screen.findByText('go is already in your list.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Required skills' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Go', 'PostgreSQL', 'Redis']);
    await user.selectOptions(screen.getByLabelText('Duration'), '30');
    await user.selectOptions(screen.getByLabelText('Follow-up questions'), '2');
    await user.click(screen.getByRole('button', { name: 'Start this interview' }));

    expect((await screen.findByTestId('where')).textContent).toBe(`/interview/job/${ATTEMPT}`);
    const created = requests.find((r) => r.path === '/api/tailored/interviews')!;
    expect(created.body).toEqual({
      jobDescriptionId: JOB.id,
      resumeId: RESUME.id,
      requirements: {
        role: 'Senior Backend Engineer',
        level: 'senior',
        required: ['Go', 'PostgreSQL', 'Redis'],
        niceToHave: [],
      },
      duration: 30,
      difficulty: 'senior',
      followUpDepth: 2,
    });
  });

  it('shows the server’s refusal beside the field it names, and reads only what changed', async () => {
    const user = userEvent.setup();
    let resumeCalls = 0;
    const { requests } = fakeServer({
      candidate: makeUser(),
      routes: {
        'POST /api/tailored/job-descriptions': () => ({ status: 201, body: JOB }),
        'POST /api/tailored/resumes': () =>
          ++resumeCalls === 1
            ? {
                status: 400,
                body: {
                  message: 'file: This PDF has no text we can read (it may be a scan)',
                  fields: { file: 'This PDF has no text we can read (it may be a scan)' },
                },
              }
            : { status: 201, body: RESUME },
      },
    });
    show();
    const textarea = await screen.findByLabelText('Job description');
    await user.click(textarea);
    await user.paste(ADVERT.repeat(2));
    await user.upload(
      screen.getByLabelText('Résumé (optional)'),
      new File(['%PDF scan'], 'scan.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Read the job description and résumé' }));
    expect(
      await screen.findByText('This PDF has no text we can read (it may be a scan)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Résumé (optional)').getAttribute('aria-invalid')).toBe('true');
    await user.upload(
      screen.getByLabelText('Résumé (optional)'),
      new File(['%PDF text'], 'cv.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Read the job description and résumé' }));
    await screen.findByRole('heading', { name: 'Confirm what the job asks for' });
    // The advert was read once: only the résumé went again.
    expect(requests.filter((r) => r.path === '/api/tailored/job-descriptions')).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/api/tailored/resumes')).toHaveLength(2);
  });
});
