import type { JobWire } from '@app/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CreationTile } from './creation-tile.tsx';

const base: JobWire = {
  id: '0b7a1c2e-0000-4000-8000-000000000002',
  command: 'video',
  kind: 'video',
  options: { prompt: 'waves at dusk' },
  status: 'succeeded',
  position: 0,
  progress: 1,
  cost: { credits: 0, hypercredits: 10 },
  lane: 'fast',
  outputs: [],
  loves: 2,
  lovedByMe: false,
  public: true,
  mine: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  finishedAt: '2026-11-01T10:01:00.000Z',
};

const tile = (job: Partial<JobWire>) =>
  render(
    <MemoryRouter>
      <ul>
        <CreationTile job={{ ...base, ...job }} />
      </ul>
    </MemoryRouter>,
  );

describe('gallery tiles of every kind', () => {
  it('a video shows its poster frame', () => {
    tile({
      outputs: [{ url: '/media/jobs/v/0.mp4', thumbUrl: '/media/jobs/v/0.thumb.webp', mime: 'video/mp4' }],
    });
    expect(screen.getByRole('img', { name: 'Frame of waves at dusk' })).toHaveAttribute(
      'src',
      '/media/jobs/v/0.thumb.webp',
    );
  });

  it('a lip-sync shows its poster frame too', () => {
    tile({
      command: 'lipsync',
      kind: 'lipsync',
      options: {},
      outputs: [{ url: '/media/jobs/l/0.mp4', thumbUrl: '/media/jobs/l/0.thumb.webp', mime: 'video/mp4' }],
    });
    expect(screen.getByRole('img', { name: 'Frame of /lipsync' })).toBeInTheDocument();
  });

  it('a sound shows its waveform picture', () => {
    tile({
      command: 'music',
      kind: 'audio',
      options: { style: 'calm piano' },
      outputs: [{ url: '/media/jobs/a/0.wav', thumbUrl: '/media/jobs/a/0.thumb.webp', mime: 'audio/wav' }],
    });
    expect(screen.getByRole('img', { name: 'Waveform of calm piano' })).toHaveAttribute(
      'src',
      '/media/jobs/a/0.thumb.webp',
    );
  });

  it('a /describe shows its caption on a card', () => {
    tile({ command: 'describe', kind: 'image', options: {}, text: 'a blue square on white' });
    expect(screen.getByText('a blue square on white')).toBeVisible();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('a video without a poster still says what it is', () => {
    tile({ outputs: [{ url: '/media/jobs/v/0.mp4', mime: 'video/mp4' }] });
    expect(screen.getByRole('link')).toHaveTextContent('Video: waves at dusk');
  });
});

describe('a mature creation the viewer sees blurred', () => {
  it('is behind a button until it is pressed; without blur it shows at once', () => {
    const image = { url: '/media/jobs/m/0.png', mime: 'image/png', width: 64, height: 64 };
    const { unmount } = tile({ kind: 'image', command: 'make', outputs: [image], mature: true, blur: true });
    const reveal = screen.getByRole('button', { name: 'Mature: show it' });
    expect(screen.getByRole('listitem')).toHaveClass('creation-tile-blurred');
    // The picture is not reachable (nor openable) until shown.
    expect(screen.queryByRole('link')).toBeNull();
    fireEvent.click(reveal);
    expect(screen.queryByRole('button', { name: 'Mature: show it' })).toBeNull();
    expect(screen.getByRole('listitem')).not.toHaveClass('creation-tile-blurred');
    expect(screen.getByRole('link').getAttribute('href')).toContain(`/c/${base.id}`);
    unmount();

    tile({ kind: 'image', command: 'make', outputs: [image], mature: true });
    expect(screen.queryByRole('button', { name: 'Mature: show it' })).toBeNull();
    expect(screen.getByRole('link')).toBeInTheDocument();
  });
});
