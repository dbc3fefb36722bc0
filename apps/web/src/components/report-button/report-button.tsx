import {
  REPORT_NOTE_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  type ReportBody,
  type ReportReason,
} from '@app/domain';
import { useId, useState } from 'react';
import { Button, Dialog } from '@/components/ui/index.ts';

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'failed'; message: string };

/**
 * "Report" under a creation: a form asking why, sent to the moderators. The creator never learns
 * who reported. The call is the caller's (`onReport`), so this piece stays free of API code.
 */
export function ReportButton({
  onReport,
  label = 'Report',
  compact = false,
}: {
  onReport: (body: ReportBody) => Promise<void>;
  label?: string;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('other');
  const [note, setNote] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const reasonId = useId();
  const noteId = useId();

  async function send() {
    setStatus({ kind: 'sending' });
    try {
      await onReport({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
      setStatus({ kind: 'sent' });
    } catch (error) {
      setStatus({ kind: 'failed', message: (error as Error).message });
    }
  }

  return (
    <>
      <Button
        variant="ghost"
        className={compact ? 'report-button report-compact' : 'report-button'}
        aria-label={compact ? 'Report this creation' : undefined}
        onClick={() => {
          setStatus({ kind: 'idle' });
          setOpen(true);
        }}
      >
        {compact ? '⚑' : `⚑ ${label}`}
      </Button>
      <Dialog open={open} title="Report this creation" onClose={() => setOpen(false)}>
        {status.kind === 'sent' ? (
          <>
            <p role="status">
              Thank you: the moderators will look at it. The creator is not told who reported.
            </p>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </>
        ) : (
          <form
            className="report-form"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <label htmlFor={reasonId}>What is wrong with it?</label>
            <select
              id={reasonId}
              value={reason}
              onChange={(event) => setReason(event.target.value as ReportReason)}
            >
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {REPORT_REASON_LABELS[value]}
                </option>
              ))}
            </select>
            <label htmlFor={noteId}>Anything the moderators should know (optional)</label>
            <textarea
              id={noteId}
              value={note}
              maxLength={REPORT_NOTE_MAX}
              rows={3}
              onChange={(event) => setNote(event.target.value)}
            />
            {status.kind === 'failed' && <p role="alert">{status.message}</p>}
            <Button type="submit" variant="danger" disabled={status.kind === 'sending'}>
              {status.kind === 'sending' ? 'Sending…' : 'Send report'}
            </Button>
          </form>
        )}
      </Dialog>
    </>
  );
}
