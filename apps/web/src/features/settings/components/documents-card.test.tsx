import type { TailoredDocumentSummary } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { DocumentsCard } from './documents-card';

afterEach(() => vi.unstubAllGlobals());

const doc = (over: Partial<TailoredDocumentSummary>): TailoredDocumentSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'resume',
  name: "Zoë O'Brien-Smith CV.pdf",
  preview: "Zoë O'Brien-Smith",
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('Settings: your documents', { timeout: 20_000 }, () => {
  it('lists job descriptions and résumés and deletes one after a confirmation, from the keyboard', async () => {
    let documents = [
      doc({}),
      doc({
        id: '00000000-0000-4000-8000-000000000002',
        kind: 'job-description',
        name: 'Senior Backend Engineer',
      }),
    ];
    const { requests } = fakeServer({
      candidate: makeUser(),
      routes: {
        'GET /api/tailored/documents': () => ({ body: { documents } }),
        'DELETE /api/tailored/documents/00000000-0000-4000-8000-000000000001': () => {
          documents = documents.slice(1);
          return { status: 204, body: null };
        },
      },
    });
    renderWithProviders(<DocumentsCard />);
    const list = await screen.findByRole('list', { name: 'Your documents' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText(/Job description ·/)).toBeTruthy();
    expect(screen.getByText(/Only you can see these\./)).toBeTruthy();

    const remove = screen.getByRole('button', { name: "Delete Zoë O'Brien-Smith CV.pdf" });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this document?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Senior Backend Engineer');
    expect(screen.queryByText("Zoë O'Brien-Smith CV.pdf")).toBeNull();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/tailored/documents/00000000-0000-4000-8000-000000000001',
    ]);
  });

  it('says when there are none yet', async () => {
    fakeServer({
      candidate: makeUser(),
      routes: { 'GET /api/tailored/documents': () => ({ body: { documents: [] } }) },
    });
    renderWithProviders(<DocumentsCard />);
    expect(await screen.findByText(/No documents yet\./)).toBeTruthy();
  });
});
