import { zodResolver } from '@hookform/resolvers/zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REASON_LABELS, ReportBody } from '@app/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(ReportBody),
    defaultValues: { reason: 'other', note: '' },
  });
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const reasonId = useId();
  const noteId = useId();

  async function send({ reason, note }: ReportBody) {
    setStatus({ kind: 'sending' });
    try {
      await onReport({ reason, ...(note ? { note } : {}) });
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
          <form className="report-form" onSubmit={(event) => void handleSubmit(send)(event)}>
            <label htmlFor={reasonId}>What is wrong with it?</label>
            <select id={reasonId} {...register('reason')}>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {REPORT_REASON_LABELS[value]}
                </option>
              ))}
            </select>
            <label htmlFor={noteId}>Anything the moderators should know (optional)</label>
            <textarea id={noteId} maxLength={REPORT_NOTE_MAX} rows={3} {...register('note')} />
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
