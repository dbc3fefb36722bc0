import { COMMANDS } from '@app/domain';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '@/app/testing.tsx';

async function renderAt(path: string) {
  const router = await createTestRouter(path);
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return router;
}

describe('documentation hub', { timeout: 20_000 }, () => {
  it('links every guide with the version query', async () => {
    await renderAt('/documentation');
    expect(screen.getByRole('heading', { level: 1, name: 'Documentation' })).toBeInTheDocument();
    const guides: [string, string][] = [
      ['Images guide', '/makecommanddocumentation?v=3.1'],
      ['Video guide', '/videocommanddocumentation?v=3.1'],
      ['Audio guide', '/audiocommanddocumentation?v=3.1'],
      ['Lip-sync guide', '/LipSyncDocumentation?v=3.1'],
      ['LoRA guide', '/loraDocumentation?v=3.1'],
    ];
    for (const [name, href] of guides)
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('lists every command of the registry, each linked to its guide section', async () => {
    await renderAt('/documentation');
    const table = screen.getByRole('table', { name: 'Every command at a glance' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(
      COMMANDS.map((command) => `/${command.name}`),
    );
    expect(within(table).getByRole('link', { name: 'Video guide: /movie' })).toHaveAttribute(
      'href',
      '/videocommanddocumentation?v=3.1#cmd-movie',
    );
  });

  it('explains the answer buttons and the channels, horror ones 18+', async () => {
    await renderAt('/documentation');
    const buttons = screen.getByRole('table', { name: 'Buttons under a result' });
    for (const label of ['Love', 'Edit & regenerate', 'Re-roll', 'Delete', 'Vary', 'GIF']) {
      expect(within(buttons).getByText(label)).toBeInTheDocument();
    }
    const channels = screen.getByRole('table', { name: 'Channels in the server' });
    expect(within(channels).getByText(/6 channels/)).toBeInTheDocument();
    expect(within(channels).getByText('#image-horror (horror, 18+)')).toBeInTheDocument();
  });

  it('links the terms and the privacy policy', async () => {
    await renderAt('/documentation');
    const rules = screen.getByRole('region', { name: 'Rules' });
    expect(within(rules).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/termsofservice?v=3.1',
    );
    expect(within(rules).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacypolicy?v=3.1',
    );
  });
});
