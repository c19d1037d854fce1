import { render, screen, within } from '@testing-library/react';
import type { SystemDesignReport } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { describeBoard } from './board-diagram';
import { SystemDesignSection } from './system-design-section';

/** A URL shortener's section: three blocks drawn, one named, one missing. */
const design: SystemDesignReport = {
  blocks: [
    { name: 'Client', drawnAs: 'Browser', saidIn: null },
    { name: 'Load balancer', drawnAs: 'nginx', saidIn: null },
    { name: 'Cache', drawnAs: null, saidIn: 'Then I would add a Redis cache.' },
    { name: 'ID generator', drawnAs: null, saidIn: null },
  ],
  flows: [{ path: ['Client', 'Load balancer', 'Cache'], connected: false }],
  requirements: [
    { requirement: 'Create a short link for a long URL', quote: 'Users create short links.' },
    { requirement: 'Highly available', quote: null },
  ],
  tradeOffs: [{ tradeOff: 'SQL vs NoSQL', quote: null }],
  estimates: ['About 40 writes a second.'],
  diagram: {
    boxes: [
      { id: 'c', label: 'Browser', shape: 'rectangle', x: 0, y: 0, width: 120, height: 60 },
      { id: 'lb', label: 'nginx', shape: 'ellipse', x: 200, y: 0, width: 120, height: 60 },
    ],
    arrows: [{ from: 'c', to: 'lb', label: 'HTTPS' }],
    notes: ['reads >> writes'],
  },
};

describe('SystemDesignSection (issue 29)', () => {
  it('draws the final board as an SVG, described in words', () => {
    render(<SystemDesignSection design={design} />);
    const board = screen.getByRole('img', { name: /Your final board/ });
    expect(board.tagName.toLowerCase()).toBe('svg');
    expect(within(board).getAllByTestId('board-box')).toHaveLength(2);
    expect(within(board).getAllByTestId('board-arrow')).toHaveLength(1);
    expect(board.textContent).toContain('HTTPS');
    expect(describeBoard(design.diagram!)).toBe(
      'Your final board: 2 component(s) (Browser, nginx), arrows from Browser to nginx.',
    );
    expect(screen.getByText(/Notes on the board: reads >> writes/)).toBeTruthy();
  });

  it('ticks what was drawn or said, with its evidence, and leaves the rest unticked', () => {
    render(<SystemDesignSection design={design} />);
    const blocks = screen.getByRole('list', { name: 'Building blocks' });
    const box = (name: string) => within(blocks).getByRole('checkbox', { name });
    expect((box('Client') as HTMLInputElement).checked).toBe(true);
    expect((box('Cache') as HTMLInputElement).checked).toBe(true);
    expect((box('ID generator') as HTMLInputElement).checked).toBe(false);
    expect(blocks.textContent).toContain('drawn as Browser');
    expect(blocks.textContent).toContain('named, not drawn: Then I would add a Redis cache.');
    const requirements = screen.getByRole('list', { name: 'Requirements' });
    expect(
      (within(requirements).getByRole('checkbox', { name: 'Highly available' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(
      (screen.getByRole('checkbox', { name: 'Client → Load balancer → Cache' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(screen.getByRole('list', { name: 'Estimates' }).textContent).toContain(
      'About 40 writes a second.',
    );
  });

  it('says so when nothing was drawn', () => {
    render(<SystemDesignSection design={{ ...design, diagram: null }} />);
    expect(screen.getByText('Nothing was drawn on the whiteboard.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
