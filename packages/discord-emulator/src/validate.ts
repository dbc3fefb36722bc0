import type { FieldErrors } from './errors.ts';

// Limits from https://discord.com/developers/docs/resources/message#create-message and
// https://discord.com/developers/docs/components/reference; error codes and texts are the ones
// Discord puts in a 50035 "Invalid Form Body" tree.
export const MAX_CONTENT = 2000;
export const MAX_ROWS = 5;
export const MAX_ROW_BUTTONS = 5;
export const MAX_CUSTOM_ID = 100;
export const MAX_EMBEDS = 10;
export const MAX_FILES = 10;

const maxLength = (n: number) => ({
  code: 'BASE_TYPE_MAX_LENGTH',
  message: `Must be ${n} or fewer in length.`,
});
const required = () => ({ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkString(errors: FieldErrors, path: string, v: unknown, max: number, need: boolean) {
  if (v === undefined || v === null) {
    if (need) errors.set(path, required());
    return;
  }
  if (typeof v !== 'string') errors.set(path, { code: 'BASE_TYPE_STRING', message: 'Must be a string.' });
  else if ([...v].length > max) errors.set(path, maxLength(max));
}

function checkInteractive(errors: FieldErrors, path: string, c: Record<string, unknown>, seen: Set<string>) {
  checkString(errors, `${path}.custom_id`, c.custom_id, MAX_CUSTOM_ID, true);
  if (typeof c.custom_id === 'string') {
    if (seen.has(c.custom_id))
      errors.set(`${path}.custom_id`, {
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id cannot be duplicated',
      });
    seen.add(c.custom_id);
  }
}

/** Classic (non components-v2) message components: action rows of buttons or one select. */
export function checkComponents(errors: FieldErrors, path: string, components: unknown): void {
  if (components === undefined || components === null) return;
  if (!Array.isArray(components)) {
    errors.set(path, { code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
    return;
  }
  if (components.length > MAX_ROWS) errors.set(path, maxLength(MAX_ROWS));
  const seen = new Set<string>();
  components.forEach((row: unknown, i) => {
    const rp = `${path}.${i}`;
    if (!isObj(row) || row.type !== 1 || !Array.isArray(row.components)) {
      errors.set(`${rp}.type`, {
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (1,).',
      });
      return;
    }
    const children = row.components as unknown[];
    if (children.length === 0)
      errors.set(`${rp}.components`, {
        code: 'BASE_TYPE_BAD_LENGTH',
        message: 'Must be between 1 and 5 in length.',
      });
    if (children.length > MAX_ROW_BUTTONS) errors.set(`${rp}.components`, maxLength(MAX_ROW_BUTTONS));
    children.forEach((c: unknown, j) => {
      const cp = `${rp}.components.${j}`;
      if (!isObj(c))
        return void errors.set(cp, {
          code: 'MODEL_TYPE_CONVERT',
          message: 'Only dictionaries may be used in a ModelType',
        });
      if (c.type === 2) {
        checkString(errors, `${cp}.label`, c.label, 80, false);
        if (c.style === 5) checkString(errors, `${cp}.url`, c.url, 512, true);
        else if (c.style !== 6) checkInteractive(errors, cp, c, seen);
      } else if ([3, 5, 6, 7, 8].includes(c.type as number)) {
        if (children.length > 1)
          errors.set(`${rp}.components`, {
            code: 'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
            message: 'The specified component exceeds the maximum width',
          });
        checkInteractive(errors, cp, c, seen);
      } else {
        errors.set(`${cp}.type`, {
          code: 'UNION_TYPE_CHOICES',
          message: 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).',
        });
      }
    });
  });
}

export const IS_COMPONENTS_V2 = 1 << 15;
/** Components V2 limits (https://discord.com/developers/docs/components/reference). */
export const MAX_V2_COMPONENTS = 40;
export const MAX_V2_TEXT = 4000;
const V2_TOP = [1, 9, 10, 12, 13, 14, 17];
const V2_IN_CONTAINER = [1, 9, 10, 12, 13, 14];
const legacyField = (field: string) => ({
  code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
  message: `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
});
const choices = (list: number[]) => ({
  code: 'UNION_TYPE_CHOICES',
  message: `Value of field "type" must be one of (${list.join(', ')}).`,
});

/** A media item's `url`: http(s), or `attachment://<filename>` naming a file sent with the message. */
function checkMedia(errors: FieldErrors, path: string, media: unknown, attachmentOnly = false): void {
  if (!isObj(media) || typeof media.url !== 'string') return void errors.set(`${path}.url`, required());
  const ok = attachmentOnly
    ? media.url.startsWith('attachment://')
    : /^(https?|attachment):\/\//.test(media.url);
  if (!ok || media.url.length > 2048)
    errors.set(`${path}.url`, {
      code: 'UNFURLED_MEDIA_ITEM_INVALID_URL',
      message: attachmentOnly ? 'Only attachment:// URLs are supported here.' : 'Invalid media URL.',
    });
}

/**
 * Components V2 (flag 1<<15): layout and content components, at most 40 in all (nested ones
 * counted), at most 4000 characters of text across its Text Displays.
 */
export function checkComponentsV2(errors: FieldErrors, path: string, components: unknown): void {
  if (!Array.isArray(components) || components.length === 0)
    return void errors.set(path, {
      code: 'BASE_TYPE_BAD_LENGTH',
      message: 'Must be between 1 and 40 in length.',
    });
  let count = 0;
  let text = 0;
  const seen = new Set<string>();
  const one = (c: unknown, cp: string, allowed: number[]) => {
    count += 1;
    if (!isObj(c) || !allowed.includes(c.type as number))
      return void errors.set(`${cp}.type`, choices(allowed));
    switch (c.type) {
      case 1: {
        const row = new Map() as FieldErrors;
        checkComponents(row, 'x', [c]);
        for (const [key, value] of row) errors.set(key.replace(/^x\.0/, cp), value);
        for (const child of (c.components as Record<string, unknown>[] | undefined) ?? []) {
          count += 1;
          if (typeof child?.custom_id === 'string') {
            if (seen.has(child.custom_id))
              errors.set(`${cp}.components`, {
                code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
                message: 'Component custom id cannot be duplicated',
              });
            seen.add(child.custom_id);
          }
        }
        break;
      }
      case 10:
        if (typeof c.content !== 'string' || c.content.length === 0) errors.set(`${cp}.content`, required());
        else text += [...c.content].length;
        break;
      case 12: {
        const items = c.items;
        if (!Array.isArray(items) || items.length < 1 || items.length > 10)
          errors.set(`${cp}.items`, {
            code: 'BASE_TYPE_BAD_LENGTH',
            message: 'Must be between 1 and 10 in length.',
          });
        else
          items.forEach((item: unknown, i) => {
            checkMedia(errors, `${cp}.items.${i}.media`, isObj(item) ? item.media : undefined);
            if (isObj(item))
              checkString(errors, `${cp}.items.${i}.description`, item.description, 1024, false);
          });
        break;
      }
      case 13:
        checkMedia(errors, `${cp}.file`, c.file, true);
        break;
      case 9: {
        const inner = c.components;
        if (!Array.isArray(inner) || inner.length < 1 || inner.length > 3)
          errors.set(`${cp}.components`, {
            code: 'BASE_TYPE_BAD_LENGTH',
            message: 'Must be between 1 and 3 in length.',
          });
        else inner.forEach((x, i) => one(x, `${cp}.components.${i}`, [10]));
        if (isObj(c.accessory)) one(c.accessory, `${cp}.accessory`, [2, 11]);
        else errors.set(`${cp}.accessory`, required());
        break;
      }
      case 11:
        checkMedia(errors, `${cp}.media`, c.media);
        break;
      case 17: {
        const inner = c.components;
        if (!Array.isArray(inner) || inner.length === 0)
          errors.set(`${cp}.components`, {
            code: 'BASE_TYPE_BAD_LENGTH',
            message: 'Must be between 1 and 40 in length.',
          });
        else inner.forEach((x, i) => one(x, `${cp}.components.${i}`, V2_IN_CONTAINER));
        break;
      }
      default:
        break;
    }
  };
  components.forEach((c, i) => one(c, `${path}.${i}`, V2_TOP));
  if (count > MAX_V2_COMPONENTS) errors.set(path, maxLength(MAX_V2_COMPONENTS));
  if (text > MAX_V2_TEXT)
    errors.set(path, {
      code: 'MESSAGE_TOTAL_TEXT_LENGTH_EXCEEDED',
      message: `Must be ${MAX_V2_TEXT} or fewer in length.`,
    });
}

/** The message fields our bot sends: content, embeds, components, flags, allowed_mentions. */
export function checkMessageBody(
  errors: FieldErrors,
  prefix: string,
  body: Record<string, unknown>,
  /** An edit of a message that already has the flag (it cannot be removed). */
  alreadyV2 = false,
): void {
  const p = (k: string) => (prefix ? `${prefix}.${k}` : k);
  const v2 = alreadyV2 || (typeof body.flags === 'number' && (body.flags & IS_COMPONENTS_V2) !== 0);
  if (v2) {
    if (typeof body.content === 'string' && body.content !== '')
      errors.set(p('content'), legacyField('content'));
    if (Array.isArray(body.embeds) && body.embeds.length) errors.set(p('embeds'), legacyField('embeds'));
    if (body.components !== undefined && body.components !== null)
      checkComponentsV2(errors, p('components'), body.components);
  }
  checkString(errors, p('content'), body.content, MAX_CONTENT, false);
  if (body.embeds !== undefined && body.embeds !== null) {
    if (!Array.isArray(body.embeds))
      errors.set(p('embeds'), { code: 'BASE_TYPE_ARRAY', message: 'Must be an array.' });
    else if (body.embeds.length > MAX_EMBEDS) errors.set(p('embeds'), maxLength(MAX_EMBEDS));
  }
  if (!v2) checkComponents(errors, p('components'), body.components);
  if (body.flags !== undefined && body.flags !== null && !Number.isInteger(body.flags))
    errors.set(p('flags'), {
      code: 'NUMBER_TYPE_COERCE',
      message: `Value "${typeof body.flags === 'string' ? body.flags : JSON.stringify(body.flags)}" is not int.`,
    });
  const am = body.allowed_mentions;
  if (isObj(am)) {
    const parse = Array.isArray(am.parse) ? (am.parse as unknown[]) : [];
    for (const [i, v] of parse.entries())
      if (!['users', 'roles', 'everyone'].includes(v as string))
        errors.set(p(`allowed_mentions.parse.${i}`), {
          code: 'BASE_TYPE_CHOICES',
          message: "Value must be one of {'users', 'roles', 'everyone'}.",
        });
    if (parse.includes('users') && Array.isArray(am.users) && am.users.length > 0)
      errors.set(p('allowed_mentions'), {
        code: 'SET_TYPE_ALREADY_CONTAINS_VALUE',
        message: 'parse:["users"] and users: [ids] are mutually exclusive.',
      });
    if (Array.isArray(am.users) && am.users.length > 100)
      errors.set(p('allowed_mentions.users'), maxLength(100));
  }
}

/** A modal (interaction response type 9): title, custom_id and up to 5 rows of text inputs. */
export function checkModal(errors: FieldErrors, data: unknown): void {
  if (!isObj(data)) return void errors.set('data', required());
  checkString(errors, 'data.custom_id', data.custom_id, MAX_CUSTOM_ID, true);
  checkString(errors, 'data.title', data.title, 45, true);
  const rows = data.components;
  if (!Array.isArray(rows) || rows.length === 0) return void errors.set('data.components', required());
  if (rows.length > MAX_ROWS) errors.set('data.components', maxLength(MAX_ROWS));
  const seen = new Set<string>();
  rows.forEach((row: unknown, i) => {
    const rp = `data.components.${i}`;
    const input =
      isObj(row) && row.type === 1 && Array.isArray(row.components)
        ? (row.components as unknown[])[0]
        : isObj(row) && row.type === 18
          ? row.component
          : undefined;
    if (!isObj(input))
      return void errors.set(`${rp}.type`, {
        code: 'UNION_TYPE_CHOICES',
        message: 'Value of field "type" must be one of (1, 18).',
      });
    const ip = isObj(row) && row.type === 1 ? `${rp}.components.0` : `${rp}.component`;
    checkInteractive(errors, ip, input, seen);
    if (input.type === 19) {
      // File Upload (only inside a Label): 0-10 files, at most 10 file types.
      if (!(isObj(row) && row.type === 18)) errors.set(`${rp}.type`, choices([18]));
      const min = input.min_values ?? 1;
      const max = input.max_values ?? 1;
      if (!Number.isInteger(min) || (min as number) < 0 || (min as number) > 10)
        errors.set(`${ip}.min_values`, {
          code: 'NUMBER_TYPE_MAX',
          message: 'int value should be between 0 and 10.',
        });
      if (
        !Number.isInteger(max) ||
        (max as number) < 1 ||
        (max as number) > 10 ||
        (max as number) < (min as number)
      )
        errors.set(`${ip}.max_values`, {
          code: 'NUMBER_TYPE_MAX',
          message: 'int value should be between 1 and 10.',
        });
      const types = input.file_types;
      if (
        types !== undefined &&
        (!Array.isArray(types) || types.length > 10 || types.some((x) => typeof x !== 'string'))
      )
        errors.set(`${ip}.file_types`, maxLength(10));
    } else if (![3, 4, 5, 6, 7, 8].includes(input.type as number)) {
      errors.set(`${ip}.type`, choices([3, 4, 5, 6, 7, 8, 19]));
    }
    if (row && (row as Record<string, unknown>).type === 1)
      checkString(errors, `${ip}.label`, input.label, 45, true);
    else checkString(errors, `${rp}.label`, (row as Record<string, unknown>).label, 45, true);
  });
}
