import type { JobWire } from '@app/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobAction, JobEvent, JobService } from '@/lib/job-service.ts';
import { JobCard } from './job-card.tsx';

const queued: JobWire = {
  id: '0b7a1c2e-0000-4000-8000-000000000001',
  command: 'make',
  kind: 'image',
  options: { prompt: 'a lighthouse' },
  status: 'queued',
  position: 2,
  progress: 0,
  cost: { credits: 4, hypercredits: 0 },
  lane: 'fast',
  outputs: [],
  loves: 0,
  lovedByMe: false,
  public: true,
  mine: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  finishedAt: null,
};
const done: JobWire = {
  ...queued,
  status: 'succeeded',
  position: 0,
  progress: 1,
  // The four images, then the 2×2 composite the chat message shows.
  outputs: [0, 1, 2, 3, 4].map((index) => ({
    url: `/media/jobs/x/${index}.png`,
    thumbUrl: `/media/jobs/x/${index}.webp`,
    mime: 'image/png',
    width: index === 4 ? 2048 : 1024,
    height: index === 4 ? 2048 : 1024,
  })),
};

/** A stand-in for the server that the test drives: `emit` is the job's live event. */
class FakeService implements JobService {
  current: JobWire = queued;
  watching = new Set<string>();
  listener: ((event: JobEvent) => void) | undefined;
  emit(event: JobEvent) {
    this.listener?.(event);
  }
  get = vi.fn(async (_id: string) => ({ job: this.current }));
  watch = vi.fn((id: string, onEvent: (event: JobEvent) => void) => {
    this.watching.add(id);
    this.listener = onEvent;
    return () => void this.watching.delete(id);
  });
  act = vi.fn(async (_id: string, _action: JobAction, _prompt?: string) => ({
    job: { ...queued, id: 'new-job' },
  }));
  love = vi.fn(async (_id: string) => ({ loved: true, loves: 1 }));
  cancel = vi.fn(async (_id: string) => ({ job: { ...this.current, status: 'cancelled' as const } }));
  remove = vi.fn(async (_id: string) => ({ deleted: true }));
}

let service: FakeService;
beforeEach(() => {
  service = new FakeService();
});

describe('JobCard', () => {
  it('follows the job from the queue to its images over server-sent events, then acts on it', async () => {
    const user = userEvent.setup();
    const onNewJob = vi.fn();
    render(
      <MemoryRouter>
        <JobCard service={service} job={queued} signedIn onNewJob={onNewJob} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Waiting in the queue: position 3');
    expect(service.watching).toEqual(new Set([queued.id]));

    // The server's answer to the read that follows a change of status matches the event.
    service.current = { ...queued, status: 'running', position: 0, progress: 0.5 };
    await act(async () => service.emit({ status: 'running', progress: 0.5 }));
    expect(screen.getByRole('status')).toHaveTextContent('Working on it: 50%');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '0.5');

    service.current = done;
    await act(async () => service.emit({ status: 'succeeded', progress: 1 }));
    const images = await screen.findByRole('list', { name: 'Images' });
    expect(within(images).getAllByRole('img')).toHaveLength(4);
    expect(within(images).getAllByRole('img')[0]).toHaveAttribute(
      'srcset',
      '/media/jobs/x/0.webp 512w, /media/jobs/x/0.png 1024w',
    );
    expect(screen.getByRole('link', { name: 'Download the 2×2 grid' })).toHaveAttribute(
      'href',
      '/media/jobs/x/4.png',
    );
    // The live line closes once the job has ended.
    expect(service.watching.size).toBe(0);

    await user.click(screen.getByRole('button', { name: /Love/ }));
    expect(await screen.findByRole('button', { name: /Loved/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Vary' }));
    expect(service.love).toHaveBeenCalledWith(queued.id);
    expect(service.act).toHaveBeenCalledWith(queued.id, 'vary', undefined);
    expect(onNewJob).toHaveBeenCalledWith(expect.objectContaining({ id: 'new-job' }));
  });

  it('tells its page once when the job it follows ends, and not for a job shown already ended', async () => {
    const onEnded = vi.fn();
    const { unmount } = render(
      <MemoryRouter>
        <JobCard service={service} job={queued} signedIn onEnded={onEnded} />
      </MemoryRouter>,
    );
    service.current = { ...queued, status: 'running', position: 0, progress: 0.5 };
    await act(async () => service.emit({ status: 'running', progress: 0.5 }));
    expect(onEnded).not.toHaveBeenCalled();
    service.current = { ...queued, status: 'failed', position: 0, error: { code: 'X', message: 'broke' } };
    await act(async () => service.emit({ status: 'failed', progress: 0.5 }));
    expect(screen.getByRole('status')).toHaveTextContent('Failed: broke');
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('failed');
    unmount();

    const alreadyDone = vi.fn();
    render(
      <MemoryRouter>
        <JobCard service={service} job={done} signedIn onEnded={alreadyDone} />
      </MemoryRouter>,
    );
    expect(alreadyDone).not.toHaveBeenCalled();
  });

  it('offers no Re-roll for a finished LoRA training, whose name is taken by then', () => {
    render(
      <MemoryRouter>
        <JobCard
          service={service}
          job={{
            ...done,
            command: 'loracreate',
            kind: 'lora',
            options: { name: 'Face' },
            outputs: [done.outputs[0]!],
          }}
          signedIn
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: /Love/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Re-roll' })).not.toBeInTheDocument();
    // The training's sample is shown on its card.
    expect(screen.getByRole('img', { name: 'Face (image 1)' })).toHaveAttribute(
      'src',
      '/media/jobs/x/0.webp',
    );
  });

  it("offers GIF and Edit prompt on the creator's own creation only", () => {
    const { unmount } = render(
      <MemoryRouter>
        <JobCard service={service} job={done} signedIn />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: 'GIF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit prompt' })).toBeInTheDocument();
    unmount();
    render(
      <MemoryRouter>
        <JobCard service={service} job={{ ...done, mine: false }} signedIn />
      </MemoryRouter>,
    );
    // Someone else's public creation: they may love, re-roll and vary it, not make its GIF or edit it.
    expect(screen.getByRole('button', { name: 'Vary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-roll' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'GIF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit prompt' })).not.toBeInTheDocument();
  });

  it('shows a failure and its refund in plain words', () => {
    render(
      <MemoryRouter>
        <JobCard
          service={service}
          job={{
            ...queued,
            status: 'failed',
            error: { code: 'PROVIDER', message: 'the image server is down' },
          }}
          signedIn
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Failed: the image server is down. Your credits were refunded.',
    );
    expect(screen.queryByRole('button', { name: 'Re-roll' })).not.toBeInTheDocument();
  });

  it('cancels a waiting job of your own, then deletes it once you confirm', async () => {
    const user = userEvent.setup();
    const onRemoved = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(
      <MemoryRouter>
        <JobCard service={service} job={queued} signedIn onRemoved={onRemoved} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(service.cancel).toHaveBeenCalledWith(queued.id);
    expect(await screen.findByRole('status')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    // Declined first: nothing is deleted.
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(service.remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(service.remove).toHaveBeenCalledWith(queued.id);
    expect(onRemoved).toHaveBeenCalledWith(queued.id);
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it("offers no Cancel or Delete on someone else's job", () => {
    render(
      <MemoryRouter>
        <JobCard service={service} job={{ ...done, mine: false }} signedIn />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: /Love/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
