import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EntryForm } from './entry-form.tsx';

// The rich-text editor (Quill) is its own piece; here a text box stands in for it, reporting its
// HTML through the same onChange.
vi.mock('./rich-text-editor.tsx', () => ({
  RichTextEditor: ({ initialHtml, onChange }: { initialHtml: string; onChange: (html: string) => void }) => (
    <textarea
      aria-label="Text"
      defaultValue={initialHtml}
      onChange={(event) => onChange(event.target.value)}
    />
  ),
}));

const initial = {
  changeTitle: 'New models',
  changeDate: 'May 1, 2025',
  changeText: '<p>Two new models.</p>',
  backgroundColor: '#FFFFFF',
};

function renderForm(
  options: { canSave?: boolean; onSave?: () => Promise<void>; withInitial?: boolean } = {},
) {
  const onSave = vi.fn(options.onSave ?? (async () => {}));
  render(
    <EntryForm
      initial={options.withInitial === false ? undefined : initial}
      submitLabel="Save"
      canSave={options.canSave ?? true}
      onSave={onSave}
    />,
  );
  return onSave;
}

describe('EntryForm (the changelog editor)', () => {
  it('saves the trimmed title and date with the text and the background colour', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), '  Faster queues  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({
      changeTitle: 'Faster queues',
      changeDate: 'May 1, 2025',
      changeText: '<p>Two new models.</p>',
      backgroundColor: '#ffffff',
    });
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  });

  it('refuses a title that does not decode, with the catalogue’s words, and saves nothing', async () => {
    const user = userEvent.setup();
    const onSave = renderForm();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), '100%');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid Title. Please enter a valid title.');
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    // Typing again clears the complaint.
    await user.type(screen.getByLabelText('Title'), ' off');
    expect(screen.queryByText('Invalid Title. Please enter a valid title.')).not.toBeInTheDocument();
  });

  it('asks for the title, the date and the text before saving', async () => {
    const user = userEvent.setup();
    const onSave = renderForm({ withInitial: false });
    await user.type(screen.getByLabelText('Title'), 'Only a title');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please fill in the title, the date and the text.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and lets the admin try again', async () => {
    const user = userEvent.setup();
    renderForm({ onSave: () => Promise.reject(new Error('Admins only')) });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('offers no save to someone who may not write the changelog', () => {
    renderForm({ canSave: false });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('Only admins can save changelog entries.')).toBeInTheDocument();
  });
});
