import type { QuestionInput } from '@candor/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuestionForm } from './question-form';
import { blockLine, parseBlockLine, parseFlowLine } from './system-design-spec-field';

describe('a system-design question in the question form (issue 29)', () => {
  it('edits the spec as lines, refuses a flow through an unknown block, and sends the spec whole', async () => {
    const onSubmit = vi.fn<(v: QuestionInput) => void>();
    const user = userEvent.setup();
    render(<QuestionForm onSubmit={onSubmit} onCancel={() => undefined} />);
    await user.type(screen.getByLabelText('Question text'), 'Design a URL shortener.');
    await user.selectOptions(screen.getByLabelText('Kind'), 'system-design');
    expect(screen.getByRole('group', { name: 'System-design problem' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Functional requirements (one per line)'), {
      target: { value: 'Shorten a URL\nRedirect\n' },
    });
    fireEvent.change(screen.getByLabelText('Flows (one per line: A -> B -> C)'), {
      target: { value: 'Client -> Cache' },
    });
    expect(screen.getByText('Flow step "Cache" is not a building block')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Building blocks (one per line: name: synonyms)'), {
      target: { value: 'Client: browser\nCache: redis, memcached\nDatabase' },
    });
    fireEvent.change(screen.getByLabelText('Trade-offs (one per line: A vs B)'), {
      target: { value: 'SQL vs NoSQL' },
    });
    await user.click(screen.getByRole('button', { name: 'Add Question' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      kind: 'system-design',
      coding: null,
      systemDesign: {
        functionalRequirements: ['Shorten a URL', 'Redirect'],
        buildingBlocks: [
          { name: 'Client', synonyms: ['browser'] },
          { name: 'Cache', synonyms: ['redis', 'memcached'] },
          { name: 'Database', synonyms: [] },
        ],
        flows: [['Client', 'Cache']],
        tradeOffs: ['SQL vs NoSQL'],
      },
    });
  });

  it('reads and writes a block line and a flow line', () => {
    expect(parseBlockLine('Load balancer: LB, nginx')).toEqual({
      name: 'Load balancer',
      synonyms: ['LB', 'nginx'],
    });
    expect(blockLine({ name: 'Load balancer', synonyms: ['LB', 'nginx'] })).toBe(
      'Load balancer: LB, nginx',
    );
    expect(parseFlowLine('Client → LB -> App')).toEqual(['Client', 'LB', 'App']);
  });
});
