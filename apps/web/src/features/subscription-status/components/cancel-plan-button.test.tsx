import { CANCELLATION_RULE } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CancelPlanButton } from './cancel-plan-button.tsx';

const plan = { plan: 'Founders Plan', periodEnd: Date.UTC(2026, 2, 5, 12) / 1000, downgradeTo: null };

describe('cancelling a plan', () => {
  it("asks first, with buttons that say which way they go: 'Keep my plan' keeps it", async () => {
    const onConfirm = vi.fn();
    render(<CancelPlanButton busy={false} onConfirm={onConfirm} {...plan} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Do you really want to cancel?' });
    expect(dialog).toHaveTextContent(CANCELLATION_RULE);
    expect(screen.getByTestId('cancel-effect')).toHaveTextContent(
      'Your Founders Plan stays active until March 5, 2026, the end of the current billing period, and then ends: it will not renew',
    );
    // The terms' 30-day rule is quoted with what it means here, not beside a promise it breaks.
    expect(screen.getByTestId('cancel-terms')).toHaveTextContent('Cancelling now stops the coming renewal');
    expect(screen.queryByTestId('cancel-downgrade')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says that a scheduled downgrade is dropped, also if the plan is renewed later', async () => {
    render(<CancelPlanButton busy={false} onConfirm={() => {}} {...plan} downgradeTo="Professional Plan" />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('cancel-downgrade')).toHaveTextContent(
      'Your scheduled change to Professional Plan is dropped. If you renew before March 5, 2026, you stay on Founders Plan',
    );
  });

  it("cancels only on 'Cancel plan'", async () => {
    const onConfirm = vi.fn();
    render(<CancelPlanButton busy={false} onConfirm={onConfirm} {...plan} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel plan' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});
