export { LedgerHistory } from './ledger-history.tsx';
export { HistoryTable } from './history-table.tsx';
export { entryWords, changeWords } from './entry-words.ts';
