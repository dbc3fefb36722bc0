import type { LedgerEntryWire } from '@app/domain';
import { useState } from 'react';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useGetLedgerQuery, useLazyGetLedgerQuery } from './get-ledger.ts';
import { HistoryTable } from './history-table.tsx';
import './ledger.css';

/** A user's credit history, a page at a time; older pages join the table below. Key it by user. */
export function LedgerHistory({ userId, caption }: { userId: string; caption: string }) {
  const first = useGetLedgerQuery({ userId });
  const [older, setOlder] = useState<LedgerEntryWire[]>([]);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const [fetchPage, page] = useLazyGetLedgerQuery();
  const cursor = next === undefined ? (first.data?.nextCursor ?? null) : next;

  if (first.isLoading) return <Spinner label="Loading the credit history…" />;
  if (first.error)
    return <Alert>{apiErrorMessage(first.error, 'The credit history could not be loaded.')}</Alert>;
  const entries = [...(first.data?.entries ?? []), ...older];
  if (entries.length === 0) return <p>No credit changes yet.</p>;
  const more = async () => {
    if (cursor === null) return;
    const data = await fetchPage({ userId, cursor }).unwrap();
    setOlder((current) => [...current, ...data.entries]);
    setNext(data.nextCursor);
  };
  return (
    <>
      <HistoryTable caption={caption} entries={entries} />
      {page.error && <Alert>{apiErrorMessage(page.error, 'Older entries could not be loaded.')}</Alert>}
      {cursor !== null && (
        <Button
          variant="secondary"
          disabled={page.isFetching}
          onClick={() => void more().catch(() => undefined)}
        >
          {page.isFetching ? 'Loading older entries…' : 'Show older entries'}
        </Button>
      )}
    </>
  );
}
