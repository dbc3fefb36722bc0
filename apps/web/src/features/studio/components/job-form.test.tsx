import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobForm } from './job-form.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderForm(balance = { credits: 20, hypercredits: 0 }, onCreated = vi.fn()) {
  render(
    <MemoryRouter>
      <JobForm
        balance={balance}
        loras={[{ id: 'l1', name: 'MyFace', status: 'ready', samples: [], createdAt: '' }]}
        onCreated={onCreated}
      />
    </MemoryRouter>,
  );
  return onCreated;
}

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
});
