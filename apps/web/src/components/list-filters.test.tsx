import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { ListFilters, type FilterFormField } from './list-filters';

const fields: FilterFormField[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'chips',
    options: [
      { value: '2', label: 'Ruby' },
      { value: '4', label: 'Gold' },
    ],
  },
];

describe('ListFilters chips', () => {
  it('keeps both chips clicked before the first click has rendered', async () => {
    const onApply = vi.fn();
    const { container } = renderAt(
      <ListFilters fields={fields} values={{}} onApply={onApply} onClear={() => {}} />,
      '/',
    );
    // Chip groups sit under "more filters".
    await vi.waitFor(() => expect(container.querySelector('[aria-controls]')).not.toBeNull());
    fireEvent.click(container.querySelector('[aria-controls]')!);
    const gold = await screen.findByRole('checkbox', { name: 'Gold' });
    const ruby = screen.getByRole('checkbox', { name: 'Ruby' });
    // Two clicks in one batch: the second's handler is this render's, as on a busy machine.
    act(() => {
      fireEvent.click(gold);
      fireEvent.click(ruby);
    });
    expect(screen.getByRole('checkbox', { name: 'Gold' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('checkbox', { name: 'Ruby' })).toHaveAttribute('aria-checked', 'true');
  });
});
