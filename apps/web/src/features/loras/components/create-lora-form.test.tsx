import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CreateLoraForm } from './create-lora-form.tsx';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

describe('CreateLoraForm', () => {
  it('holds Train back with the reason: first the name, then the files', async () => {
    const onCreated = vi.fn();
    render(<CreateLoraForm onCreated={onCreated} />);
    const train = screen.getByRole('button', { name: 'Train' });
    expect(train).toHaveAttribute('aria-disabled', 'true');
    expect(train).toHaveAccessibleDescription(/^Name it first: 1 to 40 letters/);

    await userEvent.type(screen.getByLabelText('Name'), 'my style');
    // Spaces are dropped as typed, so the name is one word.
    expect(screen.getByLabelText('Name')).toHaveValue('mystyle');
    expect(train).toHaveAccessibleDescription('Choose 8 images.');

    await userEvent.click(screen.getByRole('radio', { name: /A ZIP of 8 to 40 images/ }));
    expect(train).toHaveAccessibleDescription('Choose a ZIP file.');

    await userEvent.click(train);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('says what is wrong with the chosen images', async () => {
    render(<CreateLoraForm onCreated={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), 'inkface');
    await userEvent.upload(screen.getByLabelText('Images (png or jpg)'), [png('a.png'), png('b.png')]);
    const train = screen.getByRole('button', { name: 'Train' });
    expect(train).toHaveAttribute('aria-disabled', 'true');
    expect(train).not.toHaveAccessibleDescription('Choose 8 images.');
    expect(train.getAttribute('aria-describedby')).toBeTruthy();
  });
});
