import type { JobWire } from '@app/domain';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useJobArrival } from './job-arrival.tsx';

const job = { id: 'job-1', command: 'loracreate' } as JobWire;
let arrival: ReturnType<typeof useJobArrival>;

function Page({ cards }: { cards: string[] }) {
  arrival = useJobArrival();
  return (
    <main>
      {arrival.region}
      {cards.map((id) => (
        <article key={id} data-job-id={id} />
      ))}
    </main>
  );
}

afterEach(() => vi.restoreAllMocks());

describe('a job just made shows itself', () => {
  it('scrolls its card into view and says it is queued, then that it is ready', () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    const { rerender } = render(<Page cards={[]} />);
    // The page adds the card and reports it in one update, as the studio does.
    act(() => {
      arrival.created(job);
      rerender(<Page cards={['job-1']} />);
    });
    expect(screen.getByRole('status')).toHaveTextContent('/loracreate is queued.');
    expect(scrolled.map((card) => card.getAttribute('data-job-id'))).toEqual(['job-1']);

    act(() => arrival.ended(job, 'succeeded'));
    expect(screen.getByRole('status')).toHaveTextContent('/loracreate is ready.');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(scrolled).toHaveLength(2);
  });
});
