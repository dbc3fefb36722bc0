import type { Ctx } from './ctx.ts';
import { formBodyError, type FieldErrors } from './errors.ts';

const NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
/** User and message commands (types 2 and 3) may have spaces and capitals in their names. */
const MENU_NAME = /^[-_' \p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const maxLength = (n: number) => ({
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${n} or fewer in length.`,
});

/** Discord's locales (Reference › Locales): the keys a `*_localizations` map may have. */
export const DISCORD_LOCALES = [
  'id', 'da', 'de', 'en-GB', 'en-US', 'es-ES', 'es-419', 'fr', 'hr', 'it', 'lt', 'hu', 'nl', 'no', 'pl',
  'pt-BR', 'ro', 'fi', 'sv-SE', 'vi', 'tr', 'cs', 'el', 'bg', 'ru', 'uk', 'hi', 'th', 'zh-CN', 'ja',
  'zh-TW', 'ko',
]; // prettier-ignore

/** A `name_localizations` / `description_localizations` map: known locales, each value valid. */
function checkLocalizations(
  errors: FieldErrors,
  path: string,
  map: unknown,
  valid: (value: string) => boolean,
  message: { code: string; message: string },
): void {
  if (map === undefined || map === null) return;
  if (typeof map !== 'object' || Array.isArray(map))
    return void errors.set(path, {
      code: 'DICT_TYPE_CONVERT',
      message: 'Only dictionaries may be used in a DictType',
    });
  for (const [locale, value] of Object.entries(map as Record<string, unknown>)) {
    if (!DISCORD_LOCALES.includes(locale))
      errors.set(`${path}.${locale}`, {
        code: 'ENUM_TYPE_COERCE',
        message: `Value "${locale}" is not a valid enum value.`,
      });
    else if (typeof value !== 'string' || !valid(value)) errors.set(`${path}.${locale}`, message);
  }
}

const INVALID_NAME = { code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' };
const BAD_DESCRIPTION = { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' };
const describes = (text: string) => text.length >= 1 && text.length <= 100;
const chatName = (text: string) => NAME.test(text) && text === text.toLowerCase();

/** `integration_types` (0 guild, 1 user install) and `contexts` (0 guild, 1 bot DM, 2 private channel). */
function checkEnumList(errors: FieldErrors, path: string, list: unknown, max: number): void {
  if (list === undefined || list === null) return;
  if (!Array.isArray(list) || list.some((v) => !Number.isInteger(v) || v < 0 || v > max))
    errors.set(path, {
      code: 'BASE_TYPE_CHOICES',
      message: `Value must be one of {${Array.from({ length: max + 1 }, (_, i) => i).join(', ')}}.`,
    });
}

function checkOptions(errors: FieldErrors, path: string, options: unknown): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options))
    return void errors.set(path, { code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
  if (options.length > 25) errors.set(path, maxLength(25));
  let optionalSeen = false;
  options.forEach((o: Record<string, unknown>, i) => {
    const p = `${path}.${i}`;
    if (typeof o?.name !== 'string' || !NAME.test(o.name) || o.name !== o.name.toLowerCase())
      errors.set(`${p}.name`, {
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    if (typeof o?.description !== 'string' || o.description.length < 1 || o.description.length > 100)
      errors.set(`${p}.description`, {
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    if (!Number.isInteger(o?.type) || (o.type as number) < 1 || (o.type as number) > 11)
      errors.set(`${p}.type`, {
        code: 'BASE_TYPE_CHOICES',
        message: 'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.',
      });
    if (o?.required === true && optionalSeen)
      errors.set(`${p}.required`, {
        code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
        message: 'Required options must be placed before non-required options',
      });
    if (o?.required !== true) optionalSeen = true;
    checkLocalizations(errors, `${p}.name_localizations`, o?.name_localizations, chatName, INVALID_NAME);
    checkLocalizations(
      errors,
      `${p}.description_localizations`,
      o?.description_localizations,
      describes,
      BAD_DESCRIPTION,
    );
    if (o?.type === 1 || o?.type === 2) checkOptions(errors, `${p}.options`, o.options);
  });
}

/** Bulk overwrite of global commands (https://discord.com/developers/docs/interactions/application-commands#bulk-overwrite-global-application-commands):
 * the list replaces the old one; commands keep their id when their name stays. */
export function overwriteCommands(ctx: Ctx, body: unknown): Record<string, unknown>[] {
  if (!Array.isArray(body))
    throw formBodyError(new Map([['_errors', { code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' }]]));
  const errors: FieldErrors = new Map();
  if (body.length > 100) errors.set('_root', maxLength(100));
  body.forEach((c: Record<string, unknown>, i) => {
    const type = (c?.type as number | undefined) ?? 1;
    if (
      typeof c?.name !== 'string' ||
      !(type === 1 ? NAME : MENU_NAME).test(c.name) ||
      (type === 1 && c.name !== c.name.toLowerCase())
    )
      errors.set(`${i}.name`, {
        code: 'APPLICATION_COMMAND_INVALID_NAME',
        message: 'Command name is invalid',
      });
    if (
      type === 1 &&
      (typeof c?.description !== 'string' || c.description.length < 1 || c.description.length > 100)
    )
      errors.set(`${i}.description`, {
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 100 in length.',
      });
    checkOptions(errors, `${i}.options`, c?.options);
    checkLocalizations(
      errors,
      `${i}.name_localizations`,
      c?.name_localizations,
      type === 1 ? chatName : (text) => MENU_NAME.test(text),
      INVALID_NAME,
    );
    if (type === 1)
      checkLocalizations(
        errors,
        `${i}.description_localizations`,
        c?.description_localizations,
        describes,
        BAD_DESCRIPTION,
      );
    checkEnumList(errors, `${i}.integration_types`, c?.integration_types, 1);
    checkEnumList(errors, `${i}.contexts`, c?.contexts, 2);
  });
  if (errors.size) throw formBodyError(errors);
  const old = ctx.store.state.commands;
  const appId = ctx.keys.applicationId;
  const next = (body as Record<string, unknown>[]).map((c) => {
    const type = (c.type as number | undefined) ?? 1;
    const prev = old.find((o) => o.name === c.name && o.type === type);
    return {
      id: (prev?.id as string | undefined) ?? ctx.id(),
      application_id: appId,
      version: ctx.id(),
      default_member_permissions: c.default_member_permissions ?? null,
      type,
      name: c.name,
      name_localizations: c.name_localizations ?? null,
      description: type === 1 ? c.description : '',
      description_localizations: c.description_localizations ?? null,
      ...(Array.isArray(c.options) ? { options: c.options } : {}),
      dm_permission: c.dm_permission ?? true,
      contexts: c.contexts ?? null,
      integration_types: c.integration_types ?? [0],
      nsfw: c.nsfw ?? false,
    };
  });
  ctx.store.state.commands = next;
  ctx.store.changed();
  return next;
}
