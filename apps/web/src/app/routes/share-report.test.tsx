import type { CreatedShareLink, ShareLink, SharedReport } from '@candor/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type RecordedRequest } from '@/test/fake-server';
import { completedReport, questionReport } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { ReportRoute } from './report-route';
import { SharedReportRoute } from './shared-report-route';

/**
 * A report to share (issue 30) in the app: the report's Download PDF and Share; the dialog that
 * makes a link (7 days and no recordings unless chosen), lists the live ones with their views and
 * revokes them; the signed-out page that reads a shared report without any of the owner's actions.
 */

const ID = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';
const TOKEN = 'a'.repeat(43);
const ANSWER_ID = 'answer-1';

const LINK: ShareLink = {
  id: '0e9f8a7b-6c5d-4e3f-8a1b-2c3d4e5f6a7b',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  includeRecordings: false,
  views: 3,
  lastViewedAt: '2026-11-21T10:00:00.000Z',
};

const report = () => completedReport({ interviewId: ID, questionReports: [questionReport({})] });

function serveOwner() {
  let links: ShareLink[] = [LINK];
  return fakeServer({
    fallback: ({ method, path, body }: RecordedRequest) => {
      if (path === `/api/interview/${ID}/share-links` && method === 'POST') {
        const made: CreatedShareLink = {
          ...LINK,
          id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
          includeRecordings: (body as { includeRecordings: boolean }).includeRecordings,
          views: 0,
          lastViewedAt: null,
          token: TOKEN,
          path: `/shared/${TOKEN}`,
        };
        links = [made, ...links];
        return { body: made };
      }
      if (path === `/api/interview/${ID}/share-links`) return { body: links };
      if (method === 'DELETE' && path.startsWith(`/api/interview/${ID}/share-links/`)) {
        links = links.filter((l) => !path.endsWith(l.id));
        return { body: { success: true } };
      }
      if (path.startsWith('/api/report/')) return { body: report() };
      if (path.endsWith('/retry-outcome')) return { status: 404, body: { message: 'no' } };
      if (path.endsWith('/model-answers')) return { body: [] };
      if (path.endsWith('/comparison')) return { body: { current: null, previous: null } };
      return { body: { id: ID, conversation: [] } };
    },
  }).requests;
}

afterEach(() => vi.unstubAllGlobals());

describe('sharing a report', () => {
  it('downloads the PDF by a link and makes, lists and revokes share links', async () => {
    const requests = serveOwner();
    renderRoutes(`/reports/${ID}`, { '/reports/:id': <ReportRoute /> });
    const pdf = await screen.findByRole('link', { name: 'Download PDF' });
    expect(pdf.getAttribute('href')).toBe(`/api/interview/${ID}/report.pdf`);
    expect(pdf.hasAttribute('download')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this report' });
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toHaveProperty('checked', true);
    const voice = within(dialog).getByRole('checkbox', { name: /Include recordings/ });
    expect(voice).toHaveProperty('checked', false);
    expect(await within(dialog).findByText(/3 views · no recordings/)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('radio', { name: '30 days' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const url = (await within(dialog).findByLabelText('Your new link')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/shared/${TOKEN}`);
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ expiresInDays: 30, includeRecordings: false });
    await waitFor(() => expect(within(dialog).getAllByTestId('share-link')).toHaveLength(2));

    const revoke = within(dialog).getAllByRole('button', { name: /^Revoke the link created/ });
    await userEvent.click(revoke[1]!);
    await waitFor(() => expect(within(dialog).getAllByTestId('share-link')).toHaveLength(1));
    expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith(LINK.id))).toBe(true);
  });

  it('shows a shared report read-only, its recordings from the link', async () => {
    const shared: SharedReport = {
      report: report(),
      candidateName: "Zoë O'Brien-Smith",
      conversation: [
        {
          id: ANSWER_ID,
          seq: 1,
          speaker: 'User',
          message: 'A closure keeps its scope.',
          timestamp: '2026-11-20T10:00:00.000Z',
        },
      ],
      recordings: [ANSWER_ID],
      expiresAt: '2026-11-27T10:00:00.000Z',
    };
    fakeServer({
      fallback: ({ path }: RecordedRequest) =>
        path === `/api/shared/${TOKEN}`
          ? { body: shared }
          : { status: 404, body: { message: 'This link has expired' } },
    });
    renderRoutes(`/shared/${TOKEN}`, { '/shared/:token': <SharedReportRoute /> });
    expect((await screen.findByTestId('shared-by')).textContent).toMatch(
      /^Zoë O'Brien-Smith shared this report with you/,
    );
    await screen.findByText('Question-by-Question Analysis');
    for (const name of [/Retry this question/, /Try Again/, /^Share$/, /Save as a story/]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('link', { name: 'Download PDF' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Back to/ })).toBeNull();
    const audio = document.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe(`/api/shared/${TOKEN}/answers/${ANSWER_ID}/recording`);
  });

  it('says a dead link is not available, and nothing more', async () => {
    fakeServer({
      fallback: () => ({ status: 404, body: { message: 'gone' } }),
    });
    renderRoutes(`/shared/${TOKEN}`, { '/shared/:token': <SharedReportRoute /> });
    expect(await screen.findByRole('heading', { name: 'This link is not available' })).toBeTruthy();
    expect(screen.queryByText('Question-by-Question Analysis')).toBeNull();
  });
});
