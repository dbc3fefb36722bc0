import type { JobWire } from '@app/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useJobArrival } from './job-arrival.tsx';

const job = { id: 'job-1', command: 'loracreate' } as JobWire;

/** A page that adds a job's card and reports it in one update, as the studio does. */
function Page() {
  const arrival = useJobArrival();
  const [cards, setCards] = useState<string[]>([]);
  return (
    <main>
      {arrival.region}
      <button
        type="button"
        onClick={() => {
          setCards([job.id]);
          arrival.created(job);
        }}
      >
        Create
      </button>
      <button type="button" onClick={() => arrival.ended(job, 'succeeded')}>
        Finish
      </button>
      {cards.map((id) => (
        <article key={id} data-job-id={id} />
      ))}
    </main>
  );
}

describe('a job just made shows itself', () => {
  it('scrolls its card into view and says it is queued, then that it is ready', () => {
    const scrolled: (string | null)[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.getAttribute('data-job-id'));
    };
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('status')).toHaveTextContent('/loracreate is queued.');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(scrolled).toEqual(['job-1']);

    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('status')).toHaveTextContent('/loracreate is ready.');
    expect(scrolled).toEqual(['job-1', 'job-1']);
  });
});
