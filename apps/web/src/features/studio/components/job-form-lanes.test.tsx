// The studio's form prices a job in the person's mode: turbo twice, relax nothing, and relax when a
// short balance sends the job there (the person's setting) — Create then stays available.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Lane } from '@app/domain';
import { JobForm } from './job-form.tsx';

function renderForm(lane: Lane, balance: number, relaxWhenOut = false) {
  render(
    <MemoryRouter>
      <JobForm
        balance={{ credits: balance, hypercredits: 0 }}
        lane={lane}
        relaxWhenOut={relaxWhenOut}
        loras={[]}
        onCreated={vi.fn()}
      />
    </MemoryRouter>,
  );
}

describe('the job form in a lane', () => {
  it('prices turbo at twice and relax at nothing, naming the mode', async () => {
    const user = userEvent.setup();
    renderForm('turbo', 20);
    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    expect(screen.getByTestId('studio-cost')).toHaveTextContent(
      'Costs 8 credits in turbo mode · you have 20',
    );
  });

  it('lets a relax job go with no credits', async () => {
    const user = userEvent.setup();
    renderForm('relax', 0);
    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    expect(screen.getByTestId('studio-cost')).toHaveTextContent('Costs 0 credits in relax mode · you have 0');
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('sends a fast job to relax when credits run out, where the person chose so', async () => {
    const user = userEvent.setup();
    renderForm('fast', 1, true);
    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    expect(screen.getByTestId('studio-cost')).toHaveTextContent('Costs 0 credits in relax mode');
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAttribute('aria-disabled', 'false');
  });
});
