import type { LedgerEntryWire } from '@app/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { changeWords, entryWords } from './entry-words.ts';

/** Balance changes, newest first, each with both balances just after it. */
export function HistoryTable({ entries, caption }: { entries: LedgerEntryWire[]; caption: string }) {
  return (
    <div className="table-scroll">
      <table className="history-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">Change</th>
            <th scope="col">Credits</th>
            <th scope="col">Hypercredits</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
              </td>
              <td>
                {entryWords(entry)}
                {entry.jobId && (
                  <>
                    {' '}
                    <Link to={paths.creation.href(entry.jobId)}>see the creation</Link>
                  </>
                )}
              </td>
              <td className={entry.delta > 0 ? 'history-plus' : 'history-minus'}>{changeWords(entry)}</td>
              <td>{entry.credits}</td>
              <td>{entry.hypercredits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
