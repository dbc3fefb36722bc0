import type { LedgerEntryWire } from '@app/domain';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { HistoryTable } from './history-table.tsx';
import './ledger.css';

/** A credit history as the data layer hands it out (`useLedgerPages`). */
export interface LedgerPages {
  entries: LedgerEntryWire[];
  loading: boolean;
  error: unknown;
  moreError: unknown;
  loadingMore: boolean;
  hasMore: boolean;
  more(): Promise<void>;
}

/** A user's credit history, a page at a time; older pages join the table below. */
export function LedgerHistory({ pages, caption }: { pages: LedgerPages; caption: string }) {
  const { entries, loading, error, moreError, loadingMore, hasMore, more } = pages;
  if (loading) return <Spinner label="Loading the credit history…" />;
  if (error) return <Alert>{apiErrorMessage(error, 'The credit history could not be loaded.')}</Alert>;
  if (entries.length === 0) return <p>No credit changes yet.</p>;
  return (
    <>
      <HistoryTable caption={caption} entries={entries} />
      {moreError !== undefined && (
        <Alert>{apiErrorMessage(moreError, 'Older entries could not be loaded.')}</Alert>
      )}
      {hasMore && (
        <Button variant="secondary" disabled={loadingMore} onClick={() => void more().catch(() => undefined)}>
          {loadingMore ? 'Loading older entries…' : 'Show older entries'}
        </Button>
      )}
    </>
  );
}
