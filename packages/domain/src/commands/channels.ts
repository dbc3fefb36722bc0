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
