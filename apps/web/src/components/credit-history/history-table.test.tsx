import { type LedgerEntryWire, ledgerEntryKind } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { HistoryTable } from './history-table.tsx';

/** An entry as the API sends it: its kind from its reason, as the ledger route gives it. */
const entry = (values: Partial<LedgerEntryWire>): LedgerEntryWire => ({
  id: 1,
  currency: 'credits',
  delta: 0,
  reason: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  credits: 0,
  hypercredits: 0,
  jobId: null,
  ...values,
  kind: ledgerEntryKind(values.reason ?? ''),
});

describe('HistoryTable', () => {
  it('shows each change in plain words with both running balances and a link to the creation', () => {
    render(
      <MemoryRouter>
        <HistoryTable
          caption="Your credit history"
          entries={[
            entry({ id: 5, delta: 4, reason: 'refund make', credits: 2520, hypercredits: 3, jobId: 'job-1' }),
            entry({ id: 4, delta: -4, reason: 'job make', credits: 2516, hypercredits: 3, jobId: 'job-1' }),
            entry({
              id: 3,
              delta: 3,
              reason: 'admin-set',
              currency: 'hypercredits',
              credits: 2520,
              hypercredits: 3,
            }),
            entry({ id: 2, delta: 500, reason: 'purchase: 500 Credits', credits: 2520 }),
            entry({ id: 1, delta: 2020, reason: 'plan: Professional Plan', credits: 2020 }),
          ]}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Your credit history' });
    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(0).slice(1)).toEqual(['Refund for /make see the creation', '+4 credits', '2520', '3']);
    expect(cells(1).slice(1)).toEqual(['Charge for /make see the creation', '−4 credits', '2516', '3']);
    expect(cells(2).slice(1)).toEqual(['Changed by an admin', '+3 hypercredits', '2520', '3']);
    expect(cells(3)[1]).toBe('Purchase: 500 Credits');
    expect(cells(4)[1]).toBe('Plan credits: Professional Plan');
    expect(within(rows[1]!).getByRole('link', { name: 'see the creation' })).toHaveAttribute(
      'href',
      '/c/job-1?v=3.1',
    );
  });
});
