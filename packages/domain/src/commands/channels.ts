import type { ChannelKind } from './types.ts';

/** The age needed for the horror and gore channels. */
export const HORROR_MINIMUM_AGE = 18;

export interface ChannelDefinition {
  /** The channel's name in the chat server, without the `#`. */
  name: string;
  kind: ChannelKind;
  /** Horror and gore channels are for adults only. */
  horror: boolean;
  minimumAge?: number;
}

const numbered = (prefix: string, kind: ChannelKind, count: number): ChannelDefinition[] =>
  Array.from({ length: count }, (_, index) => ({ name: `${prefix}-${index + 1}`, kind, horror: false }));

const horror = (name: string, kind: ChannelKind): ChannelDefinition => ({
  name,
  kind,
  horror: true,
  minimumAge: HORROR_MINIMUM_AGE,
});

/** The chat server's creation channels: each command works in channels of its kind. */
export const CHANNELS: readonly ChannelDefinition[] = [
  ...numbered('image', 'image', 6),
  horror('image-horror', 'image'),
  ...numbered('video', 'video', 4),
  horror('video-horror', 'video'),
  { name: 'music', kind: 'music', horror: false },
  { name: 'speech', kind: 'speech', horror: false },
  { name: 'sound-effects', kind: 'sound-effects', horror: false },
  { name: 'lipsync', kind: 'lipsync', horror: false },
];

export function channelsOfKind(kind: ChannelKind): ChannelDefinition[] {
  return CHANNELS.filter((channel) => channel.kind === kind);
}

/** A family of channels a command may run in: a kind, and its horror channels apart. */
export type ChannelGroup = ChannelKind | 'image-horror' | 'video-horror';

export const CHANNEL_GROUPS: readonly ChannelGroup[] = [
  'image',
  'image-horror',
  'video',
  'video-horror',
  'music',
  'speech',
  'sound-effects',
  'lipsync',
];

export const channelGroup = (channel: ChannelDefinition): ChannelGroup =>
  channel.horror ? (`${channel.kind}-horror` as ChannelGroup) : channel.kind;

/**
 * The server's creation channels, with the channel names of a server that names them differently:
 * a group given in `names` takes exactly those names (as many as it lists), the others keep ours.
 */
export function serverChannels(
  names: Partial<Record<ChannelGroup, readonly string[]>> = {},
): ChannelDefinition[] {
  return CHANNEL_GROUPS.flatMap((group) => {
    const ours = CHANNELS.filter((channel) => channelGroup(channel) === group);
    const theirs = names[group];
    if (!theirs) return ours;
    const model = ours[0]!;
    return theirs.map((name) => ({ ...model, name }));
  });
}
