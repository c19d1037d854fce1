import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ExportResults } from './export-results';

const SET = '7d1c6a4e-2f0b-4c9a-9d0e-1a2b3c4d5e6f';

describe('ExportResults', () => {
  it('downloads every result by default, then with the chosen dates and set', async () => {
    renderWithProviders(
      <ExportResults sets={[{ id: SET, title: 'REST API Design', difficulty: 'mid' }]} />,
    );
    const link = screen.getByRole('link', { name: 'Download CSV' });
    expect(link.getAttribute('href')).toBe('/api/admin/results.csv');
    fireEvent.change(screen.getByLabelText('Completed from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Completed to'), { target: { value: '2026-03-31' } });
    await userEvent.selectOptions(screen.getByLabelText('Interview set'), SET);
    expect(link.getAttribute('href')).toBe(
      `/api/admin/results.csv?from=2026-03-01&to=2026-03-31&setId=${SET}`,
    );
  });

  it('refuses an end date before the start date, saying so', () => {
    renderWithProviders(<ExportResults sets={[]} />);
    fireEvent.change(screen.getByLabelText('Completed from'), { target: { value: '2026-03-05' } });
    fireEvent.change(screen.getByLabelText('Completed to'), { target: { value: '2026-03-04' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The end date must not be before the start date.',
    );
    // No address, so no download: not a link any more, and announced as unavailable.
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    const link = screen.getByText('Download CSV').closest('a')!;
    expect(link.getAttribute('href')).toBeNull();
    expect(link.getAttribute('aria-disabled')).toBe('true');
  });
});
