import { interviewMinutes } from '@candor/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { historyItem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { HistoryRow } from './history-row';

describe('a History row (issue 28)', () => {
  it("says a finished attempt's own length, as its report does, not the set's", () => {
    renderWithProviders(
      <HistoryRow
        item={historyItem({ duration: 5, elapsedMs: 3.4 * 60_000 })}
        onDiscard={() => {}}
        onGetReport={() => {}}
      />,
    );
    expect(screen.getByTestId('history-duration').textContent).toBe(
      `${interviewMinutes(3.4 * 60_000)} min`,
    );
    expect(screen.getByTestId('history-duration').textContent).toBe('3.4 min');
  });

  it("says the set's length of an attempt not finished", () => {
    renderWithProviders(
      <HistoryRow
        item={historyItem({ status: 'in_progress', duration: 30, elapsedMs: 60_000, report: null })}
        onDiscard={() => {}}
        onGetReport={() => {}}
      />,
    );
    expect(screen.getByTestId('history-duration').textContent).toBe('30 min');
  });
});
