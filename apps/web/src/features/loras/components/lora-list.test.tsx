import type { LoraWire } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths.ts';
import { LoraList } from './lora-list.tsx';

const lora = (values: Partial<LoraWire> & Pick<LoraWire, 'name' | 'status'>): LoraWire => ({
  id: `id-${values.name}`,
  samples: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  ...values,
});

const ready = lora({
  name: 'InkFace',
  status: 'ready',
  samples: [
    {
      url: '/media/jobs/j1/0-abc.png',
      thumbUrl: '/media/jobs/j1/0-abc.thumb.webp',
      mime: 'image/png',
      width: 256,
      height: 256,
    },
  ],
});

function renderList(loras: LoraWire[], onRemove = vi.fn()) {
  render(
    <MemoryRouter>
      <LoraList loras={loras} removing={false} onRemove={onRemove} />
    </MemoryRouter>,
  );
  return onRemove;
}

describe('LoraList', () => {
  it('shows a ready model with its lazily loaded sample, named for the model, and links to the studio', () => {
    renderList([ready]);
    const samples = screen.getByRole('list', { name: 'Sample images of InkFace' });
    const image = within(samples).getByRole('img', { name: 'Sample image 1 made with the InkFace LoRA' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('src', '/media/jobs/j1/0-abc.thumb.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/media/jobs/j1/0-abc.thumb.webp 256w, /media/jobs/j1/0-abc.png 256w',
    );
    expect(screen.getByRole('link', { name: 'Use in the studio' })).toHaveAttribute(
      'href',
      paths.studio.href({ command: 'make', lora: 'InkFace' }),
    );
  });

  it('opens a sample at full size from the keyboard and gives focus back when it closes', async () => {
    const user = userEvent.setup();
    renderList([ready]);
    const thumb = screen.getByRole('button', { name: 'Show sample 1 of InkFace at full size' });
    thumb.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Sample of InkFace' });
    expect(
      within(dialog).getByRole('img', { name: 'Sample image 1 made with the InkFace LoRA' }),
    ).toHaveAttribute('src', '/media/jobs/j1/0-abc.png');
    expect(within(dialog).getByRole('link', { name: 'Download this image' })).toHaveAttribute(
      'href',
      '/media/jobs/j1/0-abc.png',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(thumb).toHaveFocus();
  });

  it('says in plain words that samples come after training, and when training failed', () => {
    renderList([lora({ name: 'Busy', status: 'training' }), lora({ name: 'Broken', status: 'failed' })]);
    const [busy, broken] = screen.getAllByRole('listitem');
    expect(busy).toHaveTextContent('Training… samples appear when it is done.');
    expect(within(busy!).queryByRole('img')).not.toBeInTheDocument();
    expect(within(busy!).queryByRole('link', { name: 'Use in the studio' })).not.toBeInTheDocument();
    expect(broken).toHaveTextContent('Training failed');
    expect(broken).toHaveTextContent(
      'Training did not finish, and its cost was given back. Remove it, or train again under the same name.',
    );
  });

  it('asks to remove the model named on the button', async () => {
    const user = userEvent.setup();
    const onRemove = renderList([ready, lora({ name: 'Other', status: 'failed' })]);
    await user.click(screen.getByRole('button', { name: 'Remove Other' }));
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ name: 'Other' }));
  });
});
