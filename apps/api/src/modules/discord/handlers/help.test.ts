import { COMMANDS, type CommandDefinition } from '@app/domain';
import { UPSCALE_FIXTURE } from '@app/domain/testing';
import { describe, expect, it } from 'vitest';
import type { BotDeps } from '../bot-deps.ts';
import { helpWith } from './help.ts';

const SITE = 'https://hypercreate.test';

async function ask(commands: readonly CommandDefinition[], command?: string, locale = 'en'): Promise<string> {
  const reply = await helpWith(commands).run({
    deps: { publicUrl: () => SITE } as BotDeps,
    user: {} as never,
    interaction: { base: { locale }, options: command === undefined ? {} : { command } } as never,
  });
  return (reply as { data: { content: string } }).data.content;
}

describe('/help', () => {
  it('speaks the asker’s language: names and summaries from the catalog, a command found by its local name', async () => {
    const text = await ask(COMMANDS, undefined, 'de');
    expect(text.startsWith('**Befehle**')).toBe(true);
    expect(text).toContain('**/erstellen** Macht aus einer Texteingabe ein 2×2-Raster von Bildern.');
    const one = await ask(COMMANDS, 'erstellen', 'de');
    expect(one).toContain('**/erstellen**: Macht aus einer Texteingabe');
    expect(one).toContain('`eingabe`: Was gezeichnet werden soll');
  });

  it('lists every command under the guide that shows it', async () => {
    const text = await ask(COMMANDS);
    for (const command of COMMANDS) expect(text).toContain(`**/${command.name}** ${command.summary}`);
    const images = text.indexOf('__Images guide__');
    expect(images).toBeGreaterThan(-1);
    expect(text.indexOf('**/make**')).toBeGreaterThan(images);
    expect(text.indexOf('**/video**')).toBeGreaterThan(text.indexOf('__Video guide__'));
    expect(text.indexOf('**/help**')).toBeGreaterThan(text.indexOf('__Documentation__'));
    expect(text.length).toBeLessThanOrEqual(2000);
  });

  it('lists a command added to the registry, and links its section of the guides', async () => {
    const commands = [...COMMANDS, UPSCALE_FIXTURE];
    const overview = await ask(commands);
    expect(overview).toContain(`**/upscale** ${UPSCALE_FIXTURE.summary}`);
    expect(overview.indexOf('**/upscale**')).toBeLessThan(overview.indexOf('__Video guide__'));
    const detail = await ask(commands, '/upscale');
    expect(detail).toContain(`**/upscale**: ${UPSCALE_FIXTURE.summary}`);
    expect(detail).toContain(`Guide: ${SITE}/makecommanddocumentation#cmd-upscale`);
  });

  it('answers a name the registry does not know with the way back to the list', async () => {
    expect(await ask(COMMANDS, 'upscale')).toBe(
      `There is no /upscale. Type /help for the list. Guides: ${SITE}/documentation`,
    );
  });
});
