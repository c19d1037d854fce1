import type { InterviewDetail, QuestionReport } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { completedReport, reportHeader } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ReportPage } from './report';

const ID = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';

const dims = (score: number) => ({
  score,
  explanation: `Scored ${score}`,
  evidence: [`evidence for ${score}`],
});

const question = (over: Partial<QuestionReport>): QuestionReport => ({
  question: 'What is a closure?',
  answer: 'A function that keeps its lexical scope.',
  score: 80,
  comment: 'Clear and correct.',
  tags: [],
  evaluation: null,
  dimensions: {
    accuracy: dims(90),
    completeness: dims(80),
    technicalDepth: dims(70),
    clarity: dims(80),
  },
  scored: true,
  notScoredReason: null,
  expectedAnswer: null,
  keyPoints: [],
  speech: null,
  scoredBy: 'builtin',
  ...over,
});

const transcript = {
  id: ID,
  conversation: [
    {
      id: 'a1',
      seq: 1,
      speaker: 'AI',
      message: 'Hello! What is a closure?',
      timestamp: '2026-01-01T10:00:05.000Z',
    },
    {
      id: 'u1',
      seq: 2,
      speaker: 'User',
      message: 'A function that keeps its lexical scope.',
      timestamp: '2026-01-01T10:00:30.000Z',
      meta: { mode: 'typed' },
    },
  ],
} as unknown as InterviewDetail;

type Handler = (method: string, url: string) => { status: number; body: unknown };

/** The HTTP boundary only (the web tests' fake server): the page, its queries and the retry
 * mutation are the real ones. */
function serve(handler: Handler) {
  return fakeServer({
    fallback: ({ method, url }) => handler(method, url),
  }).requests;
}

/** The report answers `report`; the attempt's transcript answers `attempt`. */
function serveReport(report: unknown = completedReport(), attempt: InterviewDetail = transcript) {
  return serve((_m, url) => ({
    status: 200,
    body: url.startsWith('/api/report/') ? report : attempt,
  }));
}

/** The report page at /reports/:id, with `routes` it may lead to beside it. */
function show(page = <ReportPage />, routes: Record<string, ReactNode> = {}) {
  return renderRoutes(`/reports/${ID}`, { '/reports/:id': page, ...routes });
}

afterEach(() => vi.unstubAllGlobals());

describe('Report page', () => {
  it('shows the loading text, then the header, insights and details', async () => {
    serveReport();
    show();
    expect(screen.getByText('Loading report data...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'JavaScript Fundamentals' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to History/ }).getAttribute('href')).toBe(
      '/history',
    );
    expect(screen.getByTestId('overall-score').textContent).toContain('72%');
    expect(screen.getByText('AI Insights')).toBeTruthy();
    expect(screen.getByText('You explain concepts well.')).toBeTruthy();
    expect(screen.getByText(/Scored by the builtin evaluator/)).toBeTruthy();
    expect(
      (await screen.findByRole('meter', { name: 'Communication' })).getAttribute('aria-valuenow'),
    ).toBe('75');
    expect(screen.getByText('Interview Details')).toBeTruthy();
  });

  it('opens with the summary: score, AI Insights and the three lists come before the questions', async () => {
    serveReport(
      completedReport({
        improvements: ['Give a concrete example'],
        recommendations: ['Practise closures out loud'],
        skillBreakdown: [{ skill: 'JavaScript', score: 68 }],
        questionReports: [question({ question: 'How does the event loop schedule work?' })],
      }),
    );
    show(<ReportPage comparison={<p>Since your previous attempt</p>} />);
    const firstQuestion = await screen.findByText(/How does the event loop schedule work\?/);
    const inOrder = [
      screen.getByTestId('overall-score'),
      screen.getByText('AI Insights'),
      screen.getByRole('heading', { name: 'Interview Details' }),
      screen.getByRole('heading', { name: 'Strengths' }),
      screen.getByRole('heading', { name: 'Areas for Improvement' }),
      screen.getByRole('heading', { name: 'Recommendations' }),
      screen.getByRole('heading', { name: 'Performance Breakdown' }),
      screen.getByText('Since your previous attempt'),
      firstQuestion,
      screen.getByRole('heading', { name: 'Transcript' }),
    ];
    for (let i = 1; i < inOrder.length; i++) {
      expect(
        inOrder[i - 1]!.compareDocumentPosition(inOrder[i]!) & Node.DOCUMENT_POSITION_FOLLOWING,
        `${inOrder[i - 1]!.textContent} before ${inOrder[i]!.textContent}`,
      ).toBeTruthy();
    }
  });

  it('gives every skill of the donut its value in words, in a list a screen reader reads', async () => {
    serveReport(
      completedReport({
        skillBreakdown: [
          { skill: 'JavaScript', score: 68 },
          { skill: 'Closures', score: 81.6 },
          { skill: 'Event Loop', score: 40 },
        ],
      }),
    );
    show();
    const legend = await screen.findByRole('list', { name: 'Skill scores' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['JavaScript68/100', 'Closures82/100', 'Event Loop40/100']);
  });

  it('shows every empty-list and missing-section fallback', async () => {
    serveReport(completedReport({ strengths: [], skillBreakdown: [] }));
    show();
    expect(
      await screen.findByText(
        'Detailed question-by-question analysis is not available for this report.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('No score breakdown available for this interview.')).toBeTruthy();
    expect(screen.getByText('No strengths identified.')).toBeTruthy();
    expect(screen.getByText('No areas for improvement identified.')).toBeTruthy();
    expect(screen.getByText('No recommendations identified.')).toBeTruthy();
  });

  it('scores each question out of 10 in its colour band, with the fallbacks and unscored answers', async () => {
    serveReport(
      completedReport({
        questionReports: [
          question({ score: 80 }),
          question({ score: 45, question: '', answer: '', comment: '' }),
          question({
            score: null,
            scored: false,
            dimensions: null,
            notScoredReason: null,
            answer: 'um',
          }),
          question({
            score: 64,
            keyPoints: [
              {
                point: 'Keeps its scope',
                covered: true,
                evidence: 'keeps its lexical scope',
              },
              { point: 'Used for privacy', covered: false, evidence: null },
            ],
            scoredBy: 'builtin-fallback',
          }),
        ],
      }),
    );
    show();
    const items = await screen.findAllByTestId('question-report');
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = items as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(first).getByLabelText('Score 8 out of 10').textContent).toContain('8/10');
    expect(within(first).getByText(/Accuracy: 90/)).toBeTruthy();
    // One quote per answer: the words most dimensions cite.
    expect(within(first).getByText('“evidence for 80”')).toBeTruthy();
    // 45 → 4.5 → 5/10, yellow band.
    expect(within(second).getByText('5/10').className).toMatch(/yellow/);
    expect(within(second).getByText(/No question/)).toBeTruthy();
    expect(within(second).getByText('No answer provided')).toBeTruthy();
    expect(within(second).getByText('No feedback')).toBeTruthy();
    expect(within(third).getByText('Not scored')).toBeTruthy();
    expect(within(third).getByText('not enough clear speech to score')).toBeTruthy();
    expect(within(fourth).getByText('6/10').className).toMatch(/yellow/);
    expect(within(fourth).getByText('Covered:')).toBeTruthy();
    expect(within(fourth).getByText('Missed:')).toBeTruthy();
    expect(within(fourth).queryByText(/You said/)).toBeNull();
    expect(
      within(fourth).getByText('Scored by the builtin evaluator because the AI model failed.'),
    ).toBeTruthy();
    expect(within(first).getByText('8/10').className).toMatch(/green/);
  });

  it('says when the AI model failed and the builtin evaluator scored the report', async () => {
    serveReport(completedReport({ provider: 'openai', model: 'gpt-4o-mini', fallback: true }));
    show();
    expect(
      await screen.findByText(/Scored by openai \(gpt-4o-mini\) — the AI model failed/),
    ).toBeTruthy();
  });

  it('shows the whole transcript with who spoke and when', async () => {
    serveReport();
    show();
    const list = await screen.findByRole('list', { name: 'Transcript' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]?.textContent).toContain('Interviewer');
    expect(entries[0]?.textContent).toContain('Hello! What is a closure?');
    expect(entries[1]?.textContent).toContain('You');
    expect(entries[1]?.textContent).toContain('(typed)');
  });

  it('shows an interviewer line the candidate cut off as they heard it, the whole text on demand', async () => {
    const [intro, answer] = transcript.conversation;
    const cut = {
      ...transcript,
      conversation: [
        {
          ...intro!,
          message: 'Hello! What is a closure, and where would you use one?',
          meta: { kind: 'intro', heard: 'Hello! What is a closure,' },
        },
        answer!,
      ],
    } as InterviewDetail;
    serveReport(completedReport(), cut);
    show();
    const list = await screen.findByRole('list', { name: 'Transcript' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByTestId('heard').textContent).toBe('Hello! What is a closure,…');
    const more = within(first!).getByText('Interrupted: you stopped the interviewer here.', {
      exact: false,
    });
    const whole = within(first!).getByText(
      'Hello! What is a closure, and where would you use one?',
    );
    expect(whole.closest('details')?.open).toBe(false);
    await userEvent.setup().click(more);
    expect(whole.closest('details')?.open).toBe(true);
    // The candidate's own words are never marked.
    expect(within(second!).queryByTestId('heard')).toBeNull();
  });

  it('marks a corrected answer in the questions and the transcript, what was recognised on demand', async () => {
    const [asked, answer] = transcript.conversation;
    const recognised = 'A function that keeps its lexical scoop.';
    const corrected = {
      ...transcript,
      conversation: [
        asked!,
        {
          ...answer!,
          meta: { mode: 'voice', corrected: true, original: recognised },
        },
      ],
    } as InterviewDetail;
    serveReport(
      completedReport({
        questionReports: [question({ corrected: true }), question({ question: 'Q2?' })],
      }),
      corrected,
    );
    show();
    const [first, second] = await screen.findAllByTestId('question-report');
    expect(within(first!).getByText('Corrected')).toBeTruthy();
    expect(within(second!).queryByText('Corrected')).toBeNull();
    const list = screen.getByRole('list', { name: 'Transcript' });
    const [, you] = within(list).getAllByRole('listitem');
    expect(within(you!).getByText('Corrected')).toBeTruthy();
    expect(within(you!).getByText('A function that keeps its lexical scope.')).toBeTruthy();
    const original = within(you!).getByTestId('recognised');
    expect(original.textContent).toBe(recognised);
    expect(original.closest('details')?.open).toBe(false);
    await userEvent.setup().click(within(you!).getByText('Show what was recognised'));
    expect(original.closest('details')?.open).toBe(true);
  });

  it('sends a report still waiting for "Check your answers" to the check step', async () => {
    serveReport({ ...reportHeader(), status: 'pending', checkUntil: '2026-01-01T10:30:00.000Z' });
    show(<ReportPage />, { '/interview/:id/check': <p>Check step</p> });
    expect(await screen.findByText('Check step')).toBeTruthy();
  });

  it('answers 404 with Report Not Found and a link to /history', async () => {
    serve(() => ({ status: 404, body: { message: 'Report Not Found' } }));
    show();
    expect(await screen.findByText('Report Not Found')).toBeTruthy();
    expect(screen.getByText('The requested report could not be found.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to History/ }).getAttribute('href')).toBe(
      '/history',
    );
  });

  it('answers a server failure with Failed to load report and a retry that asks again', async () => {
    let fail = true;
    const calls = serve((_m, url) => {
      if (!url.startsWith('/api/report/')) return { status: 200, body: transcript };
      return fail
        ? { status: 500, body: { message: 'Database unavailable' } }
        : { status: 200, body: completedReport() };
    });
    show();
    expect(await screen.findByText('Failed to load report')).toBeTruthy();
    expect(screen.getByText('An error occurred while loading the report.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByTestId('overall-score')).textContent).toContain('72%');
    expect(calls.filter((c) => c.url.startsWith('/api/report/')).length).toBe(2);
  });

  it('keeps the transcript while generating, and after a failure retries generation on the server', async () => {
    let state: 'failed' | 'pending' | 'completed' = 'failed';
    const calls = serve((method, url) => {
      if (method === 'PUT') {
        state = 'pending';
        return { status: 200, body: transcript };
      }
      if (!url.startsWith('/api/report/')) return { status: 200, body: transcript };
      if (state === 'failed')
        return {
          status: 200,
          body: {
            ...reportHeader(),
            status: 'failed',
            error: 'Failed to generate interview report',
          },
        };
      if (state === 'pending') {
        state = 'completed';
        return { status: 200, body: { ...reportHeader(), status: 'pending' } };
      }
      return { status: 200, body: completedReport() };
    });
    show();
    expect(await screen.findByText('Failed to generate interview report')).toBeTruthy();
    // The title is not repeated as the reason.
    expect(
      screen.getByText('Your answers are saved; you can generate the report again.'),
    ).toBeTruthy();
    expect(await screen.findByText('Hello! What is a closure?')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Generating your AI-powered report...')).toBeTruthy();
    expect(screen.getByText('This may take a few moments...')).toBeTruthy();
    expect(screen.getByText('Hello! What is a closure?')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url).toBe(`/api/interview/${ID}`);
    expect(put?.body).toEqual({ status: 'completed' });
    // The pending report is asked for again until it is final.
    expect(
      (await screen.findByTestId('overall-score', {}, { timeout: 4000 })).textContent,
    ).toContain('72%');
  });

  it("gives the server's reason for a failed report", async () => {
    serveReport({ ...reportHeader(), status: 'failed', error: 'Empty response from AI' });
    show();
    expect(
      await screen.findByText(
        'Empty response from AI. Your answers are saved; you can generate the report again.',
      ),
    ).toBeTruthy();
  });
});
