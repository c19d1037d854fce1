import type { AuditEntry } from '@candor/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AuditLogTable, type AuditLogTableProps } from './audit-log-table';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  at: '2026-03-04T10:00:00.000Z',
  action: 'candidate_viewed',
  actor: { id: 'admin-1', email: 'coach@example.com', name: 'Grace Hopper' },
  candidate: { id: 'cand-1', name: "Zoë O'Brien-Smith", email: 'zoe@example.com' },
  interviewId: null,
  details: {},
  kind: 'view',
  subject: null,
  before: null,
  after: null,
  ...over,
});

function show(over: Partial<AuditLogTableProps> = {}) {
  const props: AuditLogTableProps = {
    entries: [],
    isPending: false,
    isError: false,
    onRetry: vi.fn(),
    page: 1,
    totalPages: 1,
    onPageChange: vi.fn(),
    ...over,
  };
  renderWithProviders(<AuditLogTable {...props} />);
  return props;
}

describe('AuditLogTable', () => {
  it('says who looked at whose data, and when, linking the candidate', () => {
    show({
      entries: [
        entry({ action: 'report_viewed', interviewId: 'i1' }),
        entry({ action: 'candidate_viewed', candidate: null }),
        entry({
          action: 'results_exported',
          candidate: null,
          details: { from: '2026-03-01', to: '2026-03-31', setId: 'set-1' },
        }),
      ],
    });
    const rows = screen.getAllByTestId('audit-entry');
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByText('Viewed report')).toBeTruthy();
    expect(first.getByText('Grace Hopper')).toBeTruthy();
    expect(first.getByText('coach@example.com')).toBeTruthy();
    expect(first.getByRole('link', { name: "Zoë O'Brien-Smith" }).getAttribute('href')).toBe(
      '/admin/candidates/cand-1',
    );
    expect(rows[0]!.querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-03-04T10:00:00.000Z',
    );
    expect(within(rows[1]!).getByText('Deleted account')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByText('Exported results (CSV)')).toBeTruthy();
    expect(within(rows[2]!).getByText('2026-03-01 to 2026-03-31, one interview set')).toBeTruthy();
  });

  it('opens a change to show each field before and after; a deleted set keeps its title', async () => {
    show({
      entries: [
        entry({
          action: 'set_updated',
          kind: 'change',
          candidate: null,
          subject: { type: 'interview_set', id: 'set-1', label: 'Closures and scope' },
          before: { title: 'Closures', topics: ['JavaScript'] },
          after: { title: 'Closures and scope', topics: [] },
        }),
        entry({
          action: 'credits_limit_changed',
          kind: 'change',
          subject: { type: 'user', id: 'cand-1', label: "Zoë O'Brien-Smith" },
          before: { creditsLimit: null },
          after: { creditsLimit: 5 },
        }),
        entry({
          action: 'candidate_deleted',
          kind: 'change',
          candidate: null,
          details: { attempts: 3 },
        }),
      ],
    });
    const rows = screen.getAllByTestId('audit-entry');
    const set = within(rows[0]!);
    expect(set.getByText('Edited an interview set')).toBeTruthy();
    expect(set.getByText('Interview set')).toBeTruthy();
    expect(set.getByText('Closures and scope')).toBeTruthy();
    await userEvent.click(set.getByRole('button', { name: 'Details of edited an interview set' }));
    const fields = screen.getAllByTestId('audit-field').map((r) => r.textContent);
    expect(fields).toEqual(['titleClosuresClosures and scope', 'topicsJavaScript(none)']);
    // A person is linked, as a candidate is in a view.
    expect(
      within(rows[1]!).getByRole('link', { name: "Zoë O'Brien-Smith" }).getAttribute('href'),
    ).toBe('/admin/candidates/cand-1');
    expect(within(rows[2]!).getByText('Deleted account')).toBeTruthy();
  });

  it('pages through the log', async () => {
    const props = show({ entries: [entry({})], page: 1, totalPages: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(props.onPageChange).toHaveBeenCalledWith(2);
  });

  it('shows loading, error with retry, and an empty log', async () => {
    const { unmount } = renderWithProviders(
      <AuditLogTable
        entries={undefined}
        isPending
        isError={false}
        onRetry={vi.fn()}
        page={1}
        totalPages={1}
        onPageChange={vi.fn()}
      />,
    );
    expect(screen.getByText('Loading audit log...')).toBeTruthy();
    unmount();
    const props = show({ entries: undefined, isError: true });
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(props.onRetry).toHaveBeenCalled();
  });

  it('says when nothing has been recorded yet', () => {
    show({ entries: [] });
    expect(screen.getByText('Nothing recorded')).toBeTruthy();
  });
});
