import { CANCELLATION_RULE } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CancelPlanButton } from './cancel-plan-button.tsx';

describe('cancelling a plan', () => {
  it("asks first, with buttons that say which way they go: 'Keep my plan' keeps it", async () => {
    const onConfirm = vi.fn();
    render(<CancelPlanButton busy={false} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you really want to cancel?' });
    expect(dialog).toHaveTextContent(CANCELLATION_RULE);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("cancels only on 'Cancel plan'", async () => {
    const onConfirm = vi.fn();
    render(<CancelPlanButton busy={false} onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
