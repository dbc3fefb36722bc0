import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { UserEditor } from './user-editor.tsx';

const ada = {
  user_id: 'u-1',
  stripeid: null,
  email: 'ada@example.com',
  discordname: 'Ada',
  subscription_status: 'free',
  credits: 20,
  hypercredits: 0,
  lastname: '0',
  role: 'user' as const,
  discord_id: null,
};

let sent: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body = JSON.parse((await request.text()) || 'null') as Record<string, unknown>;
      sent.push({ method: request.method, path: new URL(request.url).pathname, body });
      return new Response(JSON.stringify({ ...ada, ...body, discordname: body.discordName ?? 'Ada' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderEditor() {
  render(
    <StoreProvider store={makeStore()}>
      <UserEditor user={ada} onDone={vi.fn()} />
    </StoreProvider>,
  );
}

describe('UserEditor', () => {
  it('sends only the fields that changed', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.clear(screen.getByLabelText('Credits'));
    await user.type(screen.getByLabelText('Credits'), '15000');
    await user.selectOptions(screen.getByLabelText('Subscription status'), 'Founders Plan');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved Ada.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/users/u-1',
        body: { credits: 15000, subscription_status: 'Founders Plan' },
      },
    ]);
  });

  it('says when nothing changed and sends nothing', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Nothing to save: no field changed.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('refuses a name the server would refuse, in the domain’s words, and sends nothing', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.clear(screen.getByLabelText('Discord name'));
    await user.type(screen.getByLabelText('Discord name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Name must be 2 to 32 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});

describe('deleting a user', () => {
  it('says what really happens before anything is done', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.type(screen.getByLabelText('Admin password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('subscriptions are cancelled at Stripe now');
    expect(dialog).toHaveTextContent('signed out everywhere');
    expect(dialog).toHaveTextContent(
      'credit history, balance and creations stay on record under “Deleted user”',
    );
    expect(dialog).not.toHaveTextContent('credit history will be removed');
    await user.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(sent).toEqual([]);
  });
});
