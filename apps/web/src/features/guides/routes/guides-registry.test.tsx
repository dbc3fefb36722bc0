import { COMMANDS, GUIDES, type CommandDefinition } from '@app/domain';
import { UPSCALE_FIXTURE } from '@app/domain/testing';
import { cleanup, render, screen, within } from '@testing-library/react';
import { RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestRouter } from '@/app/testing.tsx';
import { CommandRegistry } from '../lib/command-registry.ts';

/** The registry with one command more, as a new image-editing command would add it. */
const WITH_UPSCALE = [...COMMANDS, UPSCALE_FIXTURE];

async function renderAt(path: string, commands: readonly CommandDefinition[]) {
  cleanup();
  const router = await createTestRouter(path);
  render(
    <CommandRegistry value={commands}>
      <RouterProvider router={router} />
    </CommandRegistry>,
  );
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
}

/** Every command link of the hub's table, grouped by the page it points at. */
async function hubLinks(commands: readonly CommandDefinition[]) {
  await renderAt(GUIDES.documentation.path, commands);
  const table = screen.getByRole('table', { name: 'Every command at a glance' });
  const targets = new Map<string, string[]>();
  for (const link of within(table).getAllByRole('link')) {
    const url = new URL(link.getAttribute('href')!, 'http://localhost');
    targets.set(`${url.pathname}${url.search}`, [
      ...(targets.get(`${url.pathname}${url.search}`) ?? []),
      decodeURIComponent(url.hash.slice(1)),
    ]);
  }
  return targets;
}

describe('guides rendered from the command registry', () => {
  it('shows a command added to the registry in the guide section its definition names', async () => {
    await renderAt(GUIDES.images.path, WITH_UPSCALE);
    const editing = screen.getByRole('region', { name: 'Editing images' });
    expect(within(editing).getByRole('heading', { level: 3, name: '/upscale' })).toHaveAttribute(
      'id',
      'cmd-upscale',
    );
    expect(within(editing).getByText(UPSCALE_FIXTURE.summary)).toBeInTheDocument();

    await renderAt(GUIDES.documentation.path, WITH_UPSCALE);
    const card = screen.getByRole('link', { name: 'Images guide' }).closest('li')!;
    expect(within(card).getByText('/upscale')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Images guide: /upscale' })).toHaveAttribute(
      'href',
      '/makecommanddocumentation?v=3.1#cmd-upscale',
    );
  }, 60_000);

  it.each([
    ['the registry', COMMANDS],
    ['a registry with a command more', WITH_UPSCALE],
  ])(
    'links every command of the hub to its reference on a guide page, for %s',
    async (_, commands) => {
      const targets = await hubLinks(commands);
      expect([...targets.values()].flat()).toHaveLength(commands.length);
      for (const [page, anchors] of targets) {
        await renderAt(page, commands);
        for (const anchor of anchors) {
          const target = document.getElementById(anchor);
          expect(target, `${page}#${anchor}`).not.toBeNull();
          expect(target!.tagName).toMatch(/^H[23]$/);
        }
      }
    },
    120_000,
  );
});
