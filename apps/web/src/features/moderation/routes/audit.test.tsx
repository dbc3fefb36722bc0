import type { AuditBody } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StoreProvider } from '@/lib/store/provider.tsx';
import { makeStore } from '@/lib/store/store.ts';
import { AuditPage } from './audit.tsx';

afterEach(() => vi.unstubAllGlobals());

const ADMIN_ID = '0b9c2f4e-4a57-4a8e-9d4f-3f1a2b3c4d5e';
const PERSON_ID = '7d1e0c2a-5b6f-4c3d-8e9a-0f1b2c3d4e5f';

const entries: AuditBody['entries'] = [
  {
    id: 2,
    actor: { id: ADMIN_ID, discordName: 'mod-ada' },
    action: 'moderation.ban',
    target: { id: PERSON_ID, discordName: 'grim-reaper' },
    details: { before: { bannedAt: null }, after: { bannedAt: '2026-11-26T12:00:00.000Z' } },
    createdAt: '2026-11-26T12:00:00.000Z',
  },
  {
    id: 1,
    actor: { id: ADMIN_ID, discordName: 'mod-ada' },
    action: 'changelog.delete',
    target: { id: '42', discordName: null },
    details: { before: { changeTitle: 'Old news' }, after: null },
    createdAt: '2026-11-25T09:00:00.000Z',
  },
];

/** The admin's role and the audit trail; the audit URLs asked for, in order. */
function answerAudit() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/auth/authlevel') return Response.json({ authLevel: 'admin' });
      asked.push(url);
      const target = url.searchParams.get('target');
      const shown = target
        ? entries.filter(
            (entry) => entry.target?.id === target || entry.target?.discordName?.includes(target),
          )
        : entries;
      return Response.json({ entries: shown, actions: ['changelog.delete', 'moderation.ban'] });
    }),
  );
  return asked;
}

function renderPage() {
  render(
    <StoreProvider store={makeStore()}>
      <MemoryRouter>
        <AuditPage />
      </MemoryRouter>
    </StoreProvider>,
  );
}

describe('the audit trail page', () => {
  it('names who acted and the person acted on, with their ids beneath; a target without a name shows its id', async () => {
    answerAudit();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit entries, newest first' });
    const [, ban, changelog] = within(table).getAllByRole('row');
    const banCells = within(ban!).getAllByRole('cell');
    expect(banCells[1]).toHaveTextContent(`mod-ada${ADMIN_ID}`);
    expect(within(banCells[1]!).getByText('mod-ada')).toHaveAttribute('title', ADMIN_ID);
    expect(banCells[2]).toHaveTextContent('moderation.ban');
    expect(banCells[3]).toHaveTextContent(`grim-reaper${PERSON_ID}`);
    expect(within(banCells[3]!).getByText('grim-reaper')).toHaveAttribute('title', PERSON_ID);
    expect(within(changelog!).getAllByRole('cell')[3]).toHaveTextContent(/^42$/);
  });

  it('filters by the target’s name', async () => {
    const asked = answerAudit();
    renderPage();
    await screen.findByRole('table');
    await userEvent.type(screen.getByLabelText('Whom (name or id)'), 'grim');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText((_, element) => element?.tagName === 'TBODY' && element.children.length === 1);
    expect(asked.at(-1)!.searchParams.get('target')).toBe('grim');
    expect(screen.getByRole('table')).toHaveTextContent('grim-reaper');
    expect(screen.getByRole('table')).not.toHaveTextContent('changelog.delete');
  });
});
