import type { JobWire } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageActions } from './image-actions.tsx';

const image = (width: number, height: number): JobWire['outputs'][number] => ({
  url: `/media/x/${width}x${height}.png`,
  mime: 'image/png',
  width,
  height,
});

describe('ImageActions', () => {
  it('offers U1–U4 and V1–V4 under a grid, each sending its image', async () => {
    const onAct = vi.fn();
    render(<ImageActions outputs={[1, 2, 3, 4, 5].map(() => image(64, 64))} busy={false} onAct={onAct} />);
    const upscale = screen.getByRole('group', { name: 'Upscale an image' });
    expect(
      within(upscale)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['U1 Upscale', 'U2 Upscale', 'U3 Upscale', 'U4 Upscale']);
    await userEvent.click(screen.getByRole('button', { name: 'U2 Upscale' }));
    await userEvent.click(screen.getByRole('button', { name: 'V3 Vary' }));
    expect(onAct.mock.calls).toEqual([
      ['upscale-2x', { index: 2 }],
      ['vary', { index: 3 }],
    ]);
    expect(screen.getByRole('button', { name: 'U2 Upscale' })).toHaveAttribute(
      'title',
      'Upscale 2× image 2 · 2 credits',
    );
  });

  it('offers the single-image actions, Make Square only when not square, and Custom Zoom with its factor', async () => {
    const onAct = vi.fn();
    const { rerender } = render(<ImageActions outputs={[image(96, 64)]} busy={false} onAct={onAct} />);
    for (const name of [
      'Upscale 4×',
      'Vary (Subtle)',
      'Vary (Strong)',
      'Zoom Out 2×',
      'Pan Left',
      'Pan Down',
      'Make Square',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pan Left' }));
    const factor = screen.getByLabelText('Zoom factor');
    await userEvent.clear(factor);
    await userEvent.type(factor, '2.5');
    expect(screen.getByRole('button', { name: 'Custom Zoom' })).toBeDisabled();
    await userEvent.clear(factor);
    await userEvent.type(factor, '1.2');
    await userEvent.click(screen.getByRole('button', { name: 'Custom Zoom' }));
    expect(onAct.mock.calls).toEqual([
      ['pan-left', {}],
      ['zoom-custom', { factor: 1.2 }],
    ]);
    rerender(<ImageActions outputs={[image(64, 64)]} busy={false} onAct={onAct} />);
    expect(screen.queryByRole('button', { name: 'Make Square' })).toBeNull();
  });

  it('offers nothing for a result without images', () => {
    const { container } = render(
      <ImageActions outputs={[{ url: '/m/a.mp3', mime: 'audio/mpeg' }]} busy={false} onAct={vi.fn()} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
