import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

describe('Dialog', () => {
  it('starts in its first field when it asks for something', () => {
    render(
      <Dialog open title="Add your email" onClose={vi.fn()}>
        <label htmlFor="email">Email</label>
        <input id="email" />
      </Dialog>,
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();
  });

  it('names itself by its title and closes from its close button', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Sample" onClose={onClose}>
        <p>Picture</p>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Sample' })).toBeInTheDocument();
    screen.getByRole('button', { name: 'Close' }).click();
    expect(onClose).toHaveBeenCalled();
  });
});
