import type { JobWire } from '@app/domain';
import { useCallback, useEffect, useState } from 'react';

const WORDS: Partial<Record<JobWire['status'], string>> = {
  succeeded: 'is ready',
  failed: 'failed',
  cancelled: 'was cancelled',
};

/** Scrolls a job's card into view (at once when the person prefers reduced motion). */
export function showJobCard(jobId: string) {
  const card = document.querySelector(`[data-job-id="${CSS.escape(jobId)}"]`);
  if (!card) return;
  const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  card.scrollIntoView?.({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
}

/**
 * Where a job just made shows itself: its card is scrolled into view when it appears and when it
 * ends, and a polite live region says what happened ("/make is queued", "/make is ready"), so
 * pressing Create visibly and audibly does something even when the card is out of sight.
 */
export function useJobArrival() {
  const [message, setMessage] = useState('');
  const [shown, setShown] = useState<string | null>(null);

  useEffect(() => {
    if (shown) showJobCard(shown);
  }, [shown]);

  const created = useCallback((job: JobWire) => {
    setMessage(`/${job.command} is queued. Its progress is shown in its card.`);
    setShown(job.id);
  }, []);

  const ended = useCallback((job: JobWire, status: JobWire['status']) => {
    const words = WORDS[status];
    if (!words) return;
    setMessage(`/${job.command} ${words}.`);
    showJobCard(job.id);
  }, []);

  const region = (
    <p className="visually-hidden" role="status" aria-live="polite" data-testid="job-announcement">
      {message}
    </p>
  );
  return { created, ended, region };
}
