import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobForm } from './job-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(
  balance = { credits: 20, hypercredits: 0 },
  onCreated = vi.fn(),
  initial: { initialPrompt?: string; initialLora?: string } = {},
) {
  render(
    <MemoryRouter>
      <JobForm
        balance={balance}
        loras={[{ id: 'l1', name: 'MyFace', status: 'ready', samples: [], createdAt: '' }]}
        onCreated={onCreated}
        {...initial}
      />
    </MemoryRouter>,
  );
  return onCreated;
}

/** `POST /api/jobs` answered from a list, one answer per call; the bodies it was sent. */
function answerJobs(...answers: { status: number; body: unknown }[]) {
  const bodies: { command: string; options: unknown; requestId: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(init.body as string));
      const answer = answers.shift() ?? { status: 500, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return bodies;
}

/** The upload call (XMLHttpRequest, for its progress): each one finishes when the test says so. */
class PendingUpload {
  static started: PendingUpload[] = [];
  upload: { onprogress: null | ((event: ProgressEvent) => void) } = { onprogress: null };
  onload: null | (() => void) = null;
  onerror = null;
  onabort = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  abort() {}
  send() {
    PendingUpload.started.push(this);
  }
  finish(id: string) {
    this.status = 201;
    this.responseText = JSON.stringify({ upload: { id, url: `/uploads/${id}`, mime: 'image/png', size: 4 } });
    this.onload?.();
  }
}

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string.
  URL.createObjectURL = () => 'blob:preview';
});

const png = new File([new Uint8Array([137, 80, 78, 71])], 'street.png', { type: 'image/png' });
const queued = { status: 202, body: { job: { id: 'j1', status: 'queued' } } };

describe('JobForm', () => {
  it('builds its fields from the chosen command', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Prompt')).toBeInTheDocument();
    expect(screen.getByLabelText('Shape')).toBeInTheDocument();
    expect(screen.getByLabelText('LoRA model')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Command'), 'Change');
    expect(screen.getByLabelText('Image')).toHaveAttribute('type', 'file');
    expect(screen.getByLabelText(/^Denoise/)).toHaveAttribute('type', 'range');
    expect(screen.queryByLabelText('Shape')).not.toBeInTheDocument();

    // A LoRA's name is one word: a one-line field, not a text box.
    await user.selectOptions(screen.getByLabelText('Command'), 'loracreate');
    expect(screen.getByLabelText('Name')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Name').tagName).toBe('INPUT');

    await user.selectOptions(screen.getByLabelText('Command'), 'speak');
    expect(screen.getByLabelText('Text')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Voice')).getByRole('option', { name: 'narrator' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('studio-cost')).toHaveTextContent('Costs 2 hypercredits · you have 0');
    await user.type(screen.getByLabelText('Text'), 'hello');
    expect(screen.getByText(/^Not enough hypercredits: this costs 2 and you have 0\./)).toBeInTheDocument();
    // The way out: the packages that add hypercredits, with how many are missing.
    const buy = screen.getByRole('link', { name: 'Buy hypercredits (you need 2 more)' });
    expect(new URL(buy.getAttribute('href')!, 'http://x').searchParams.get('need')).toBe('hypercredits');
    expect(new URL(buy.getAttribute('href')!, 'http://x').searchParams.get('missing')).toBe('2');
  });

  it('shows the weight of each part of the prompt while typing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Prompt'), 'a fox, ((snow))');
    const weights = screen.getByRole('list', { name: 'Weight of each part' });
    expect(within(weights).getByText('snow').parentElement).toHaveTextContent('snow 1.5');
  });

  it('keeps Create unavailable with the reason until the prompt is there, then sends prompt and flags', async () => {
    const user = userEvent.setup();
    const job = { id: 'j1', status: 'queued' };
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ job }), { status: 202 }));
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = renderForm();
    const create = screen.getByRole('button', { name: 'Create' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription('Type a prompt first.');
    await user.click(create);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    await user.selectOptions(screen.getByLabelText('Shape'), '-wide');
    await user.selectOptions(screen.getByLabelText('LoRA model'), 'MyFace');
    expect(screen.getByTestId('studio-cost')).toHaveTextContent('Costs 8 credits');
    expect(create).toHaveAttribute('aria-disabled', 'false');
    await user.click(create);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/jobs');
    const body = JSON.parse(init.body as string);
    expect(body.command).toBe('make');
    expect(body.options).toEqual({ prompt: 'a castle -wide -lora MyFace -loraweight 0.85' });
    expect(body.requestId).toMatch(/^web-/);
    expect(onCreated).toHaveBeenCalledWith(job);
  });

  it('says in place when the server refuses for lack of credits, with a link to buy', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              error: { code: 'INSUFFICIENT_CREDITS', message: 'This needs 4 credits and you have 0.' },
            }),
            { status: 402 },
          ),
      ),
    );
    renderForm();
    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This needs 4 credits and you have 0.');
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
      'href',
      '/credits?v=3.1',
    );
  });

  it('sends the values set in the fields, holding Create back with each reason until all are there', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    const bodies = answerJobs(queued);
    renderForm();
    const create = screen.getByRole('button', { name: 'Create' });
    await user.selectOptions(screen.getByLabelText('Command'), 'Change');
    expect(create).toHaveAccessibleDescription('Add a file for Image.');
    await user.upload(screen.getByLabelText('Image'), png);
    expect(create).toHaveAccessibleDescription('Image is still uploading.');
    await user.click(create);
    expect(bodies).toEqual([]);

    await act(async () => PendingUpload.started.at(-1)!.finish('u-1'));
    expect(create).toHaveAccessibleDescription('Type a prompt first.');
    await user.type(screen.getByLabelText('Prompt'), 'deep winter');
    fireEvent.change(screen.getByLabelText(/^Denoise/), { target: { value: '0.4' } });
    expect(screen.getByLabelText('Denoise: 0.4')).toHaveValue('0.4');
    expect(create).toHaveAttribute('aria-disabled', 'false');
    await user.click(create);
    expect(bodies).toEqual([
      {
        command: 'Change',
        options: { image: 'u-1', prompt: 'deep winter', denoise: 0.4 },
        requestId: expect.stringMatching(/^web-/),
      },
    ]);
  });

  it('starts from the prompt and LoRA it was opened with', async () => {
    const user = userEvent.setup();
    const bodies = answerJobs(queued);
    renderForm(undefined, vi.fn(), { initialPrompt: 'a fox', initialLora: 'MyFace' });
    expect(screen.getByLabelText('Prompt')).toHaveValue('a fox');
    expect(screen.getByLabelText('LoRA model')).toHaveValue('MyFace');
    expect(screen.getByLabelText('LoRA weight: 0.85')).toHaveValue('0.85');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(bodies.map((body) => body.options)).toEqual([{ prompt: 'a fox -lora MyFace -loraweight 0.85' }]);
  });

  it('a new command drops the flag choices, the files and the error, and keeps the text typed', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('XMLHttpRequest', PendingUpload);
    answerJobs({ status: 503, body: { error: { code: 'QUEUE_DOWN', message: 'The queue is resting.' } } });
    renderForm(undefined, vi.fn(), { initialPrompt: 'a fox', initialLora: 'MyFace' });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The queue is resting.');

    await user.selectOptions(screen.getByLabelText('Command'), 'Change');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.upload(screen.getByLabelText('Image'), png);
    expect(screen.getByText('street.png')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Command'), 'make');
    expect(screen.getByLabelText('Prompt')).toHaveValue('a fox');
    expect(screen.getByLabelText('LoRA model')).toHaveValue('');
    expect(screen.queryByLabelText(/^LoRA weight/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Command'), 'Change');
    expect(screen.queryByText('street.png')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toHaveAccessibleDescription(
      'Add a file for Image.',
    );
  });

  it('keeps one request id through a retry and takes a new one for the next job', async () => {
    const user = userEvent.setup();
    const bodies = answerJobs(
      { status: 503, body: { error: { code: 'QUEUE_DOWN', message: 'The queue is resting.' } } },
      queued,
      queued,
    );
    const onCreated = renderForm();
    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    const create = screen.getByRole('button', { name: 'Create' });
    await user.click(create);
    await screen.findByRole('alert');
    await user.click(create);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    await user.click(create);
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledTimes(2));
    const [first, retry, next] = bodies.map((body) => body.requestId);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
    expect(next).toMatch(/^web-/);
  });

  it('holds Create while the job is being sent', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const onCreated = renderForm();
    await user.type(screen.getByLabelText('Prompt'), 'a castle');
    const create = screen.getByRole('button', { name: 'Create' });
    await user.click(create);
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription('Sending your job…');
    await user.click(create);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => answer(new Response(JSON.stringify(queued.body), { status: 202 })));
    expect(onCreated).toHaveBeenCalledWith(queued.body.job);
    expect(create).toHaveAttribute('aria-disabled', 'false');
  });
});
