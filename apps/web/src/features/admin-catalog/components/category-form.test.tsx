import type { CategoryInput } from '@candor/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryForm } from './category-form';

function setup() {
  const onSubmit = vi.fn<(v: CategoryInput) => void>();
  render(<CategoryForm onSubmit={onSubmit} onCancel={() => undefined} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('CategoryForm', () => {
  it('keeps Create disabled while the name is blank and says the name is required', async () => {
    const { user } = setup();
    const create = screen.getByRole('button', { name: 'Create Category' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Name'), '   ');
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.tab();
    expect(await screen.findByText('Category name is required')).toBeTruthy();
  });

  it('needs at least 2 characters after trimming', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText('Name'), ' a ');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    expect(await screen.findByText('Category name must be at least 2 characters')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed values, active by default', async () => {
    const { user, onSubmit } = setup();
    expect((screen.getByLabelText(/^Active/) as HTMLInputElement).checked).toBe(true);
    await user.type(screen.getByLabelText('Name'), '  Data Engineering ');
    await user.type(screen.getByLabelText('Description'), 'Pipelines and warehouses');
    await user.type(screen.getByLabelText('Icon'), '🛢️');
    await user.click(screen.getByRole('button', { name: 'Create Category' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      name: 'Data Engineering',
      description: 'Pipelines and warehouses',
      icon: '🛢️',
      isActive: true,
    });
  });
});
