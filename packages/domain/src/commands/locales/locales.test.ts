import { describe, expect, it } from 'vitest';
import { MESSAGE_COMMANDS } from '../../moderation/rules.ts';
import { COMMANDS } from '../registry.ts';
import { toMessageCommandJson, toSlashCommandJson } from '../slash.ts';
import { BOT_LOCALES, COMMAND_CATALOGS, botLocaleOf } from './index.ts';

/** Discord's rule for chat-input command and option names (lowercase where a case exists). */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const MENU_NAME = /^[-_' \p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

// Generic over the registry: a command, option or text added there without its translation fails here.
describe.each(BOT_LOCALES)('the %s catalog', (locale) => {
  const catalog = COMMAND_CATALOGS[locale];

  it('names every command and option, in names Discord accepts, none twice', () => {
    const names = COMMANDS.map((command) => catalog.commandNames[command.name]);
    for (const [index, name] of names.entries()) {
      expect(name, `${locale}: /${COMMANDS[index]!.name}`).toMatch(NAME);
      expect(name).toBe(name!.toLowerCase());
    }
    expect(new Set(names).size).toBe(names.length);
    for (const command of COMMANDS) {
      const options = command.options.map((option) => catalog.optionNames[option.name]);
      for (const [index, name] of options.entries()) {
        expect(name, `${locale}: /${command.name} ${command.options[index]!.name}`).toMatch(NAME);
        expect(name).toBe(name!.toLowerCase());
      }
      expect(new Set(options).size).toBe(options.length);
    }
    for (const command of MESSAGE_COMMANDS)
      expect(catalog.commandNames[command.name], `${locale}: ${command.name}`).toMatch(MENU_NAME);
  });

  it('translates every summary and option description, within 100 characters', () => {
    for (const command of COMMANDS) {
      for (const text of [command.summary, ...command.options.map((option) => option.description)]) {
        const translated = catalog.texts[text];
        expect(translated, `${locale}: "${text}"`).toBeTypeOf('string');
        expect(translated!.length).toBeGreaterThan(0);
        expect(translated!.length).toBeLessThanOrEqual(100);
        // A translation, not the English copied across.
        expect(translated).not.toBe(text);
      }
    }
  });

  it('holds nothing the registry no longer has', () => {
    const texts = new Set(
      COMMANDS.flatMap((command) => [
        command.summary,
        ...command.options.map((option) => option.description),
      ]),
    );
    const commandNames = new Set([...COMMANDS, ...MESSAGE_COMMANDS].map((command) => command.name));
    const optionNames = new Set(COMMANDS.flatMap((command) => command.options.map((option) => option.name)));
    expect(Object.keys(catalog.texts).filter((text) => !texts.has(text))).toEqual([]);
    expect(Object.keys(catalog.commandNames).filter((name) => !commandNames.has(name))).toEqual([]);
    expect(Object.keys(catalog.optionNames).filter((name) => !optionNames.has(name))).toEqual([]);
  });
});

describe('registration', () => {
  it('installs every command to servers and to accounts, usable in servers and DMs, in every language', () => {
    for (const command of COMMANDS) {
      const json = toSlashCommandJson(command);
      expect(json.integration_types).toEqual([0, 1]);
      expect(json.contexts).toEqual([0, 1, 2]);
      expect(Object.keys(json.name_localizations).sort()).toEqual([...BOT_LOCALES].sort());
      expect(Object.keys(json.description_localizations).sort()).toEqual([...BOT_LOCALES].sort());
      for (const option of json.options) {
        expect(Object.keys(option.name_localizations).sort()).toEqual([...BOT_LOCALES].sort());
        expect(Object.keys(option.description_localizations).sort()).toEqual([...BOT_LOCALES].sort());
      }
    }
    for (const command of MESSAGE_COMMANDS) {
      const json = toMessageCommandJson(command);
      expect(json.integration_types).toEqual([0, 1]);
      expect(Object.keys(json.name_localizations).sort()).toEqual([...BOT_LOCALES].sort());
    }
    expect(
      toSlashCommandJson(COMMANDS.find((command) => command.name === 'make')!).name_localizations.de,
    ).toBe('erstellen');
  });
});

describe('botLocaleOf', () => {
  it('takes the languages we speak, a region of one by its language, and English for the rest', () => {
    expect(botLocaleOf('de')).toBe('de');
    expect(botLocaleOf('pt-BR')).toBe('pt-BR');
    expect(botLocaleOf('es-419')).toBe('es-ES');
    expect(botLocaleOf('ko')).toBe('en');
    expect(botLocaleOf('en-GB')).toBe('en');
    expect(botLocaleOf(undefined)).toBe('en');
    expect(botLocaleOf(42)).toBe('en');
  });
});
