/** A credit history as a table of balance changes, in words. */
export { LedgerHistory, type LedgerPages } from './ledger-history.tsx';
export { HistoryTable } from './history-table.tsx';
export { entryWords, changeWords } from './entry-words.ts';
