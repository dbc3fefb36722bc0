import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { toCsv } from '../lib/csv.ts';

export interface PanelTable {
  caption: string;
  columns: string[];
  /** The figures as shown (formatted), one array per row. */
  rows: (string | number)[][];
  /** The same rows as raw values for the CSV (cents, seconds, shares); `rows` when absent. */
  csvRows?: (string | number)[][];
  /** The CSV's own column names, when they differ (units). */
  csvColumns?: string[];
}

interface ChartPanelProps {
  id: string;
  title: string;
  /** A sentence on how the figures are counted. */
  note?: ReactNode;
  /** The file name of the CSV, without extension. */
  fileName: string;
  loading: boolean;
  error: unknown;
  table: PanelTable | undefined;
  empty?: boolean;
  children: ReactNode;
}

/** One chart of the overview with its table (the accessible form of the same figures) and its CSV. */
export function ChartPanel({
  id,
  title,
  note,
  fileName,
  loading,
  error,
  table,
  empty,
  children,
}: ChartPanelProps) {
  const download = () => {
    if (!table) return;
    const text = toCsv(table.csvColumns ?? table.columns, table.csvRows ?? table.rows);
    const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  };
  return (
    <section className="overview-panel" aria-labelledby={`${id}-title`} data-panel={id}>
      <header className="overview-panel-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Button variant="secondary" onClick={download} disabled={!table}>
          Download CSV
        </Button>
      </header>
      {note && <p className="overview-note">{note}</p>}
      {loading ? (
        <Spinner label={`Loading ${title.toLowerCase()}…`} />
      ) : error || !table ? (
        <Alert>{apiErrorMessage(error, `${title} could not be loaded.`)}</Alert>
      ) : (
        <>
          {empty ? <p className="overview-empty">Nothing in this range.</p> : children}
          <details className="overview-table">
            <summary>Table: {table.caption}</summary>
            <div className="table-scroll">
              <table>
                <caption>{table.caption}</caption>
                <thead>
                  <tr>
                    {table.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row, index) => (
                    <tr key={index}>
                      {row.map((value, column) =>
                        column === 0 ? (
                          <th key={column} scope="row">
                            {value}
                          </th>
                        ) : (
                          <td key={column}>{value}</td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
