// A command added to the registry by its definition alone shows up in the studio form: its
// category, its fields and its price come from the definition, with no change to the studio.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { JobForm } from './job-form.tsx';

// The registry's own image commands, with the fixture added (the path is the domain's file, so
// every module of the domain that reads the list sees the fixture).
vi.mock('../../../../../../packages/domain/src/commands/image-commands.ts', async (importOriginal) => {
  const real = await importOriginal<{ IMAGE_COMMANDS: readonly unknown[] }>();
  const { UPSCALE_FIXTURE } = await import('@app/domain/testing');
  return { ...real, IMAGE_COMMANDS: [...real.IMAGE_COMMANDS, UPSCALE_FIXTURE] };
});

describe('a new command in the studio', () => {
  it('is offered with the fields and the price of its definition', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <JobForm balance={{ credits: 20, hypercredits: 0 }} loras={[]} onCreated={vi.fn()} />
      </MemoryRouter>,
    );
    await user.selectOptions(screen.getByLabelText('Command'), 'upscale');
    expect(screen.getByLabelText('Image')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText('Prompt')).toBeInTheDocument();
    expect(screen.getByTestId('studio-cost')).toHaveTextContent('Costs 6 credits · you have 20');
  });
});
