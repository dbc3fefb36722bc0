import { act, render, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WeightingBox } from './weighting-box.tsx';

const parts = () =>
  within(screen.getByRole('list', { name: 'Weight of each part' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function typePrompt(text: string) {
  const box = screen.getByLabelText('Try a prompt');
  await userEvent.clear(box);
  // user-event treats [ and { as key syntax; parentheses are safe.
  await userEvent.type(box, text);
}

describe('weighting box', () => {
  it('shows the weight of each part of the starting prompt', () => {
    render(<WeightingBox initial="a cat, ((big hat)), (rain:0.6)" />);
    expect(parts()).toEqual(['a cat×1.0 (normal)', 'big hat×1.5 (stronger)', 'rain×0.6 (weaker)']);
  });

  it('updates as the reader types', async () => {
    render(<WeightingBox initial="" />);
    expect(screen.getByText('Type something to see its weights.')).toBeInTheDocument();
    await typePrompt('castle (moat) (towers:1.5)');
    expect(parts()).toEqual(['castle×1.0 (normal)', 'moat×1.25 (stronger)', 'towers×1.5 (stronger)']);
  });

  it('shows malformed input as plain text instead of failing', async () => {
    render(<WeightingBox initial="" />);
    await typePrompt('sky (clouds:lots');
    expect(parts()).toEqual(['sky (clouds:lots×1.0 (normal)']);
  });

  it('offers typing only once the prerendered page has come alive, since hydration puts the text back', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<WeightingBox initial="a cat" />);
    document.body.append(container);
    expect(container.querySelector('textarea')).toHaveAttribute('readonly');
    const root = await act(async () => hydrateRoot(container, <WeightingBox initial="a cat" />));
    const box = screen.getByLabelText('Try a prompt');
    expect(box).not.toHaveAttribute('readonly');
    await typePrompt('a dog, ((bone))');
    expect(parts()).toEqual(['a dog×1.0 (normal)', 'bone×1.5 (stronger)']);
    act(() => root.unmount());
    container.remove();
  });
});
