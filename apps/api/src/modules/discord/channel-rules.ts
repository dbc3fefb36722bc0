import type { ChannelDefinition, CommandDefinition } from '@app/domain';
import type { InteractionBase } from './parse-interaction.ts';

export type ChannelVerdict =
  | { ok: true }
  /** Not one of the command's channels: these are. */
  | { ok: false; reason: 'wrong-channel'; allowed: ChannelDefinition[] }
  /** A horror channel that Discord does not mark age-restricted: commands wait until it is. */
  | { ok: false; reason: 'not-age-restricted'; channel: ChannelDefinition };

/**
 * Where a command may run: a command of a channel kind only in the server's channels of that kind
 * (a horror one only while Discord marks it age-restricted); a command without a kind anywhere,
 * DMs included. Pure: the channel's name and flag come with the interaction.
 */
export function checkChannel(input: {
  definition: CommandDefinition;
  channel: InteractionBase['channel'];
  channels: readonly ChannelDefinition[];
}): ChannelVerdict {
  const kind = input.definition.channel;
  if (!kind) return { ok: true };
  const allowed = input.channels.filter((channel) => channel.kind === kind);
  const here = input.channel.dm ? undefined : allowed.find((channel) => channel.name === input.channel.name);
  if (!here) return { ok: false, reason: 'wrong-channel', allowed };
  if (here.horror && !input.channel.nsfw) return { ok: false, reason: 'not-age-restricted', channel: here };
  return { ok: true };
}

/** `<#id>` for a channel the server has, `#name` for one it does not (or in a DM). */
export const channelMention = (name: string, ids: ReadonlyMap<string, string>) => {
  const id = ids.get(name);
  return id ? `<#${id}>` : `#${name}`;
};

const list = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;

/** The refusal's words; nothing was charged and no job was made. */
export function channelRefusal(input: {
  command: string;
  verdict: Exclude<ChannelVerdict, { ok: true }>;
  ids: ReadonlyMap<string, string>;
}): string {
  const { verdict, ids } = input;
  if (verdict.reason === 'not-age-restricted') {
    return (
      `${channelMention(verdict.channel.name, ids)} is for 18+ horror and gore, but Discord does not ` +
      `mark it age-restricted, so I don't run commands there. A server admin can turn on ` +
      `"Age-Restricted Channel" in its settings. Nothing was charged.`
    );
  }
  const general = verdict.allowed.filter((channel) => !channel.horror);
  const horror = verdict.allowed.filter((channel) => channel.horror);
  const mentions = (channels: ChannelDefinition[]) =>
    list(channels.map((channel) => channelMention(channel.name, ids)));
  const adults = horror.length ? `, or ${mentions(horror)} for 18+ horror` : '';
  return `/${input.command} works in ${mentions(general)}${adults}. Nothing was charged.`;
}

/** Whether the interaction comes from one of the horror channels while Discord marks it age-restricted. */
export function inHorrorChannel(
  channel: InteractionBase['channel'],
  channels: readonly ChannelDefinition[],
): boolean {
  if (channel.dm || !channel.nsfw) return false;
  return channels.some((definition) => definition.horror && definition.name === channel.name);
}
