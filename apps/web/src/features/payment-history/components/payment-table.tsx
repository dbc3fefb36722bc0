import { PAYMENT_STATUS_WORDS, type PaymentRecordWire, formatCents, formatEpochDate } from '@app/domain';
import './payment-history.css';

/** The payment records, newest first, with invoice PDF, receipt and receipt PDF links. */
export function PaymentTable({ records }: { records: PaymentRecordWire[] }) {
  if (records.length === 0) return <p className="muted">No payments yet.</p>;
  return (
    <div className="payment-table-wrap">
      <table className="payment-table">
        <caption className="visually-hidden">Payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col">Status</th>
            <th scope="col" className="amount">
              Amount
            </th>
            <th scope="col">Documents</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.id} data-testid="payment-record">
              <td data-label="Date">{formatEpochDate(record.date)}</td>
              <td data-label="Description">{record.description}</td>
              <td data-label="Status">
                {PAYMENT_STATUS_WORDS[record.status]}
                {record.status === 'partly refunded' && record.refunded
                  ? `: $${formatCents(record.refunded)} of $${formatCents(record.amount)}`
                  : ''}
              </td>
              <td data-label="Amount" className="amount">
                ${formatCents(record.amount)}
              </td>
              <td data-label="Documents">
                <span className="payment-links">
                  {record.invoice_pdf && (
                    <a href={record.invoice_pdf} target="_blank" rel="noopener noreferrer">
                      Invoice<span className="visually-hidden"> for {record.description}</span>
                    </a>
                  )}
                  {record.receipt_url && (
                    <a href={record.receipt_url} target="_blank" rel="noopener noreferrer">
                      Receipt<span className="visually-hidden"> for {record.description}</span>
                    </a>
                  )}
                  {record.receipt_pdf && record.receipt_pdf !== record.invoice_pdf && (
                    <a href={record.receipt_pdf} target="_blank" rel="noopener noreferrer">
                      Receipt PDF<span className="visually-hidden"> for {record.description}</span>
                    </a>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
