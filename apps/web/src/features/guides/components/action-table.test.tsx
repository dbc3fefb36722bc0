import { IMAGE_ACTION_LIST } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ActionTable } from './action-table.tsx';

describe('ActionTable', () => {
  it('lists every result action of the registry with its price', () => {
    render(<ActionTable />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(IMAGE_ACTION_LIST.length);
    for (const [at, action] of IMAGE_ACTION_LIST.entries()) {
      expect(within(rows[at]!).getByRole('rowheader')).toHaveTextContent(action.label);
      expect(rows[at]).toHaveTextContent(`${action.price} credit`);
    }
    expect(screen.getByRole('rowheader', { name: 'Upscale 2×' }).closest('tr')).toHaveTextContent(
      'under a grid: U1–U4, one per image; under a single image',
    );
    expect(screen.getByRole('rowheader', { name: 'Make Square' }).closest('tr')).toHaveTextContent(
      'not square',
    );
  });
});
