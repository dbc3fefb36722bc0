import type { Ctx } from './ctx.ts';
import type { UploadedFile } from './http.ts';
import { storeAttachment } from './messages.ts';
import { apiChannel, apiMember } from './payloads.ts';
import { apiUser } from './users.ts';

/** A problem with what the person (or test) asked for, reported in the product's error shape. */
export class UserInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface OptionDef {
  type: number;
  name: string;
  required?: boolean;
  choices?: { name: string; value: string | number }[];
  options?: OptionDef[];
}

export type OptionInput = string | number | boolean | UploadedFile | { [k: string]: OptionInput };

interface Resolved {
  attachments?: Record<string, unknown>;
  users?: Record<string, unknown>;
  members?: Record<string, unknown>;
  channels?: Record<string, unknown>;
}

const isFile = (v: unknown): v is UploadedFile =>
  typeof v === 'object' && v !== null && 'data' in v && Buffer.isBuffer((v as UploadedFile).data);

/** Turns options given by name into Discord's `data.options` + `data.resolved`, checked against
 * the registered command (https://discord.com/developers/docs/interactions/application-commands). */
export function resolveOptions(
  ctx: Ctx,
  base: string,
  defs: OptionDef[],
  input: Record<string, OptionInput>,
  resolved: Resolved,
  path = '',
) {
  const out: Record<string, unknown>[] = [];
  for (const name of Object.keys(input))
    if (!defs.some((d) => d.name === name))
      throw new UserInputError('unknown_option', `Unknown option "${path}${name}".`);
  for (const def of defs) {
    const v = input[def.name];
    if (v === undefined || v === null || v === '') {
      if (def.required)
        throw new UserInputError('missing_option', `Option "${path}${def.name}" is required.`);
      continue;
    }
    if (def.type === 1 || def.type === 2) {
      if (typeof v !== 'object' || isFile(v))
        throw new UserInputError(
          'invalid_option',
          `"${def.name}" is a subcommand; give its options as an object.`,
        );
      out.push({
        type: def.type,
        name: def.name,
        options: resolveOptions(ctx, base, def.options ?? [], v, resolved, `${path}${def.name}.`),
      });
      continue;
    }
    out.push({ type: def.type, name: def.name, value: optionValue(ctx, base, def, v, resolved) });
  }
  return out;
}

function optionValue(
  ctx: Ctx,
  base: string,
  def: OptionDef,
  v: OptionInput,
  resolved: Resolved,
): string | number | boolean {
  const bad = (why: string) => new UserInputError('invalid_option', `Option "${def.name}" ${why}.`);
  let value: string | number | boolean;
  // A user or channel is named by its id or name, sent as text or a number.
  const text = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  switch (def.type) {
    case 3:
      if (typeof v !== 'string' && typeof v !== 'number') throw bad('must be text');
      value = String(v);
      break;
    case 4:
    case 10: {
      const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
      if (!Number.isFinite(n) || (def.type === 4 && !Number.isInteger(n)))
        throw bad(def.type === 4 ? 'must be a whole number' : 'must be a number');
      value = n;
      break;
    }
    case 5:
      if (typeof v === 'boolean') value = v;
      else if (v === 'true' || v === 'false') value = v === 'true';
      else throw bad('must be true or false');
      break;
    case 6: {
      const user = ctx.store.state.users.find((u) => u.id === text || u.username === text);
      if (!user) throw bad('names no known user');
      (resolved.users ??= {})[user.id] = apiUser(user);
      const { user: _u, ...member } = apiMember(ctx, user);
      (resolved.members ??= {})[user.id] = member;
      value = user.id;
      break;
    }
    case 7: {
      const ch = ctx.store.state.channels.find((c) => c.id === text || (c.type === 0 && c.name === text));
      if (!ch) throw bad('names no known channel');
      (resolved.channels ??= {})[ch.id] = apiChannel(ctx, ch);
      value = ch.id;
      break;
    }
    case 11: {
      if (!isFile(v)) throw bad('must be a file');
      const att = storeAttachment(ctx, base, 'ephemeral', v, { ephemeral: true });
      (resolved.attachments ??= {})[att.id] = att;
      value = att.id;
      break;
    }
    default:
      throw bad(`has type ${def.type}, which the emulator does not support`);
  }
  if (def.choices?.length && !def.choices.some((c) => c.value === value))
    throw bad(`must be one of ${def.choices.map((c) => c.value).join(', ')}`);
  return value;
}
