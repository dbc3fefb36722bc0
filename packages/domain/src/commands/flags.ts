import type { CommandFlag } from './types.ts';
import { LIMITS } from './limits.ts';

/** Aspect flags, typed at the end of a /make prompt. Without one, images are square. */
export const ASPECT_FLAGS: readonly CommandFlag[] = [
  { flag: '-wide', group: 'aspect', ratio: [16, 9], description: 'Widescreen landscape, like a film still.' },
  { flag: '-tall', group: 'aspect', ratio: [9, 16], description: 'Tall portrait, like a phone screen.' },
  { flag: '-34', group: 'aspect', ratio: [3, 4], description: 'Classic portrait, like a printed photo.' },
  { flag: '-43', group: 'aspect', ratio: [4, 3], description: 'Classic landscape, like an old monitor.' },
  {
    flag: '-tile',
    group: 'aspect',
    ratio: [1, 1],
    description: 'A square that tiles seamlessly, for patterns and textures.',
  },
];

export const LORA_FLAGS: readonly CommandFlag[] = [
  {
    flag: '-lora',
    group: 'lora',
    description: 'Use one of your trained LoRA models. The name is case-sensitive.',
    value: { type: 'text', placeholder: 'name', caseSensitive: true },
  },
  {
    flag: '-loraweight',
    group: 'lora',
    description: 'How strongly the LoRA shapes the image.',
    value: {
      type: 'number',
      placeholder: 'weight',
      min: LIMITS.lora.weight.min,
      max: LIMITS.lora.weight.max,
      default: LIMITS.lora.weight.default,
    },
  },
];

const voice = (flag: string, voiceKind: 'celebrity-style' | 'generic', description: string): CommandFlag => ({
  flag,
  group: 'voice',
  voiceKind,
  description,
});

/**
 * Voices for /speak. Celebrity-style voices imitate a recognisable way of speaking, never a named
 * person; generic voices are characters.
 */
export const VOICE_FLAGS: readonly CommandFlag[] = [
  voice('-documentary', 'celebrity-style', 'In the style of a veteran nature-documentary presenter.'),
  voice('-trailer', 'celebrity-style', 'In the style of a blockbuster movie-trailer announcer.'),
  voice('-talkshow', 'celebrity-style', 'In the style of a late-night talk-show host.'),
  voice('-actionhero', 'celebrity-style', 'In the style of a gravel-voiced action-film star.'),
  voice('-crooner', 'celebrity-style', 'In the style of a golden-age lounge crooner.'),
  voice('-statesman', 'celebrity-style', 'In the style of a stirring wartime statesman.'),
  voice('-popstar', 'celebrity-style', 'In the style of a chart-topping pop idol.'),
  voice('-narrator', 'generic', 'A calm, clear audiobook narrator.'),
  voice('-newsanchor', 'generic', 'A crisp evening-news anchor.'),
  voice('-sportscaster', 'generic', 'An excited play-by-play sports commentator.'),
  voice('-radiohost', 'generic', 'A warm late-night radio host.'),
  voice('-storyteller', 'generic', 'A gentle grandparent reading a bedtime story.'),
  voice('-wizard', 'generic', 'A wise, ancient wizard.'),
  voice('-pirate', 'generic', 'A boisterous pirate captain.'),
  voice('-robot', 'generic', 'A friendly synthetic robot.'),
  voice('-villain', 'generic', 'A smooth, menacing villain.'),
  voice('-whisper', 'generic', 'A soft, close-up whisper.'),
  voice('-cheerful', 'generic', 'A bright, upbeat helper.'),
  voice('-announcer', 'generic', 'A booming stadium announcer.'),
];
