import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobApiError, jobService, listJobs, submitJob } from './jobs.ts';

/** A stand-in for the browser's EventSource. */
class FakeEventSource {
  static last: FakeEventSource | undefined;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

describe('the job data layer', () => {
  it("follows a job's events with credentials and stops when told", () => {
    const events: unknown[] = [];
    const stop = jobService.watch('job-1', (event) => events.push(event));
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/jobs/job-1/events');
    expect(source.init).toEqual({ withCredentials: true });
    source.listeners.get('job')!(
      new MessageEvent('job', { data: JSON.stringify({ status: 'running', progress: 0.25 }) }),
    );
    expect(events).toEqual([{ status: 'running', progress: 0.25 }]);
    stop();
    expect(source.closed).toBe(true);
  });

  it("turns a refusal into the server's code and words, with the 402's cost and balance", async () => {
    fetchMock.mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: 'INSUFFICIENT_CREDITS',
            message: 'Not enough credits.',
            cost: { credits: 4, hypercredits: 0 },
            balance: { credits: 1, hypercredits: 0 },
          },
        }),
        { status: 402 },
      ),
    );
    const refused = await submitJob({ command: 'make', options: { prompt: 'x' }, requestId: 'r1' }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(JobApiError);
    expect(refused).toMatchObject({
      status: 402,
      code: 'INSUFFICIENT_CREDITS',
      message: 'Not enough credits.',
      cost: { credits: 4, hypercredits: 0 },
      balance: { credits: 1, hypercredits: 0 },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/jobs');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(JSON.parse(init!.body as string)).toEqual({
      command: 'make',
      options: { prompt: 'x' },
      requestId: 'r1',
    });
  });

  it('says the server could not be reached when the request never arrives', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(jobService.cancel('job-1')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Could not reach the server. Check your connection and try again.',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/jobs/job-1/cancel');
  });

  it('asks for a page of the gallery with only the filters given', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ jobs: [], nextCursor: null })));
    await listJobs({ kind: 'video', cursor: 'c1', limit: 12 });
    await listJobs({ mine: true });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/jobs?kind=video&cursor=c1&limit=12',
      '/api/jobs?mine=true',
    ]);
  });
});
