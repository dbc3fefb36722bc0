import { APPEALED_TEXT } from '@app/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { JobApiError } from '@/lib/job-service.ts';
import { JobErrorAlert } from './job-error.tsx';

const refused = new JobApiError(
  422,
  'PROMPT_REFUSED',
  'Your prompt was refused: gore and horror (allowed only in the age-restricted horror channels). Nothing was charged.',
  undefined,
  undefined,
  '5f0c1d2e-0000-4000-8000-000000000001',
);
const alert = (error: unknown, onAppeal?: (id: string) => Promise<unknown>) =>
  render(
    <MemoryRouter>
      <JobErrorAlert error={error} onAppeal={onAppeal} />
    </MemoryRouter>,
  );

describe('a refused prompt offers "This was a mistake"', () => {
  it('sends the appeal for that refusal and says so', async () => {
    const onAppeal = vi.fn(() => Promise.resolve({ appealed: true }));
    alert(refused, onAppeal);
    fireEvent.click(screen.getByRole('button', { name: 'This was a mistake' }));
    expect(onAppeal).toHaveBeenCalledWith('5f0c1d2e-0000-4000-8000-000000000001');
    expect(await screen.findByRole('status')).toHaveTextContent(APPEALED_TEXT);
    expect(screen.queryByRole('button', { name: 'This was a mistake' })).toBeNull();
  });

  it('says when the appeal failed, and offers it again', async () => {
    alert(refused, () => Promise.reject(new Error('offline')));
    fireEvent.click(screen.getByRole('button', { name: 'This was a mistake' }));
    expect(await screen.findByText(/The appeal could not be sent/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This was a mistake' })).toBeEnabled();
  });

  it('other refusals have no such button', () => {
    alert(new JobApiError(403, 'GENERATION_PAUSED', 'Your generation is paused.'), vi.fn());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
