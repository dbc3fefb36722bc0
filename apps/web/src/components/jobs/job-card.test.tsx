import type { JobWire } from '@app/domain';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(data: object) {
    this.listeners.get('job')?.(new MessageEvent('job', { data: JSON.stringify(data) }));
  }
}

let current: JobWire;
beforeEach(() => {
  current = queued;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/love') && init?.method === 'POST')
        return new Response(JSON.stringify({ loved: true, loves: 1 }), { status: 200 });
      if (url.endsWith('/actions'))
        return new Response(JSON.stringify({ job: { ...queued, id: 'new-job' } }), { status: 202 });
      return new Response(JSON.stringify({ job: current }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('JobCard', () => {
  it('follows the job from the queue to its images over server-sent events, then acts on it', async () => {
    const user = userEvent.setup();
    const onNewJob = vi.fn();
    render(
      <MemoryRouter>
        <JobCard job={queued} signedIn onNewJob={onNewJob} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Waiting in the queue: position 3');
    expect(FakeEventSource.last?.url).toBe(`/api/jobs/${queued.id}/events`);

    // The server's answer to the read that follows a change of status matches the event.
    current = { ...queued, status: 'running', position: 0, progress: 0.5 };
    await act(async () => FakeEventSource.last!.emit({ status: 'running', progress: 0.5 }));
    expect(screen.getByRole('status')).toHaveTextContent('Working on it: 50%');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '0.5');

    current = done;
    await act(async () => FakeEventSource.last!.emit({ status: 'succeeded', progress: 1 }));
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
    expect(FakeEventSource.last!.closed).toBe(true);

    await user.click(screen.getByRole('button', { name: /Love/ }));
    expect(await screen.findByRole('button', { name: /Loved/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Vary' }));
    expect(onNewJob).toHaveBeenCalledWith(expect.objectContaining({ id: 'new-job' }));
  });

  it('tells its page once when the job it follows ends, and not for a job shown already ended', async () => {
    const onEnded = vi.fn();
    const { unmount } = render(
      <MemoryRouter>
        <JobCard job={queued} signedIn onEnded={onEnded} />
      </MemoryRouter>,
    );
    current = { ...queued, status: 'running', position: 0, progress: 0.5 };
    await act(async () => FakeEventSource.last!.emit({ status: 'running', progress: 0.5 }));
    expect(onEnded).not.toHaveBeenCalled();
    current = { ...queued, status: 'failed', position: 0, error: { code: 'X', message: 'broke' } };
    await act(async () => FakeEventSource.last!.emit({ status: 'failed', progress: 0.5 }));
    expect(screen.getByRole('status')).toHaveTextContent('Failed: broke');
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledWith('failed');
    unmount();

    const alreadyDone = vi.fn();
    render(
      <MemoryRouter>
        <JobCard job={done} signedIn onEnded={alreadyDone} />
      </MemoryRouter>,
    );
    expect(alreadyDone).not.toHaveBeenCalled();
  });

  it('offers no Re-roll for a finished LoRA training, whose name is taken by then', () => {
    render(
      <MemoryRouter>
        <JobCard
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

  it('shows a failure and its refund in plain words', () => {
    render(
      <MemoryRouter>
        <JobCard
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
});
