import type { AdminUserWire } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/app/provider.tsx';
import { makeStore } from '@/app/store.ts';
import { UserEditor } from './user-editor.tsx';

const ann: AdminUserWire = {
  user_id: 'u1',
  stripeid: 'cus_1',
  email: 'ann@example.com',
  discordname: 'ann',
  subscription_status: 'Professional Plan',
  credits: 120,
  hypercredits: 5,
  lastname: '0',
  role: 'user',
  discord_id: '100000000000000042',
};

describe('deleting a user', () => {
  it('says what really happens before anything is done', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(
      <StoreProvider store={makeStore()}>
        <UserEditor user={ann} onDone={() => undefined} />
      </StoreProvider>,
    );
    await userEvent.type(screen.getByLabelText('Admin password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Delete user' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this user?' });
    expect(dialog).toHaveTextContent('subscriptions are cancelled at Stripe now');
    expect(dialog).toHaveTextContent('signed out everywhere');
    expect(dialog).toHaveTextContent(
      'credit history, balance and creations stay on record under “Deleted user”',
    );
    expect(dialog).not.toHaveTextContent('credit history will be removed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(fetch).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
