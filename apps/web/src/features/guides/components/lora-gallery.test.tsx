import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoraGallery } from './lora-gallery.tsx';

describe('LoRA sample gallery', () => {
  it('opens a sample in a dialog from the keyboard and returns focus when it closes', async () => {
    const user = userEvent.setup();
    render(<LoraGallery />);
    const thumb = screen.getByRole('button', { name: /InkWash/ });
    thumb.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Sample: InkWash' })).toBeInTheDocument();
    expect(screen.getByText(/-lora InkWash -loraweight 0\.7/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Sample: InkWash' })).not.toBeInTheDocument();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(thumb).toHaveFocus();
  });
});
