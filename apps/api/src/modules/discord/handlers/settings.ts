import { type UserRow, setDiscordClassicResults } from '@app/db';
import {
  DEFAULT_ASPECTS,
  DEFAULT_LORA_WEIGHTS,
  LANES,
  LANE_TEXTS,
  type Lane,
  LIMITS,
  MATURE_DISPLAYS,
  type MatureDisplay,
  type UpdateUserSettings,
  aspectLabel,
} from '@app/domain';
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  ButtonStyle,
  ComponentType,
  InteractionResponseType,
  MessageFlags,
} from 'discord-api-types/v10';
import { AppError } from '../../../lib/errors.ts';
import { changeUserSettings, toUserSettingsWire } from '../../users/user-settings.ts';
import type { BotDeps, CommandHandler } from '../bot-deps.ts';
import type { MessagePayload } from '../messages.ts';
import type { SettingId } from '../parse-interaction.ts';
import { type InteractionReply, message } from '../replies.ts';

const SQUARE = 'square';
const MATURE_WORDS: Record<MatureDisplay, string> = {
  show: 'shown',
  blur: 'blurred until clicked',
  hide: 'hidden',
};
const REGISTRY_WEIGHT = 'default';

/**
 * The `/settings` message: the person's defaults in words, a menu for the aspect, one for the LoRA
 * weight, for adults one for how others' mature creations show in the gallery, and buttons for
 * privacy and reset. Every change answers with this message again, updated.
 */
export function settingsMessage(user: UserRow, studioUrl: string, note?: string): MessagePayload {
  const settings = toUserSettingsWire(user);
  const weight = settings.defaultLoraWeight ?? LIMITS.lora.weight.default;
  const lines = [
    '**Your defaults** (for your next commands here and in the studio)',
    `Aspect: ${aspectLabel(settings.defaultAspect)}${settings.defaultAspect ? ` — \`${settings.defaultAspect}\` is added to image prompts that name no aspect` : ''}`,
    `LoRA weight: ${weight}${settings.defaultLoraWeight == null ? ' (the standard)' : ''}`,
    `New creations: ${settings.privateByDefault ? 'private' : 'public'}${settings.privateAllowed ? '' : ' (private by default comes with a paid plan)'}`,
    ...(settings.matureAllowed
      ? [`Others' mature creations (horror, gore) in the gallery: ${MATURE_WORDS[settings.matureDisplay]}`]
      : []),
    `Remix: ${settings.remix ? 'on — Vary, Zoom and Pan first open your prompt to edit' : 'off'}`,
    LANE_TEXTS.modeLine(settings.lane),
    ...(settings.lanes.includes('relax') ? [LANE_TEXTS.relaxWhenOut(settings.relaxWhenOut)] : []),
    `Results here: ${user.discordClassicResults ? 'classic messages' : 'cards (Discord’s new layout)'}`,
    `Also in the studio: ${studioUrl}`,
    ...(note ? [note] : []),
  ];
  const components: APIActionRowComponent<APIComponentInMessageActionRow>[] = [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: 'settings:aspect',
          placeholder: 'Default aspect',
          options: [
            { label: aspectLabel(null), value: SQUARE, default: settings.defaultAspect === null },
            ...DEFAULT_ASPECTS.map((flag) => ({
              label: aspectLabel(flag),
              value: flag,
              description: `Adds ${flag}`,
              default: settings.defaultAspect === flag,
            })),
          ],
        },
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: 'settings:loraweight',
          placeholder: 'Default LoRA weight',
          options: DEFAULT_LORA_WEIGHTS.map((value) => ({
            label:
              value === LIMITS.lora.weight.default
                ? `LoRA weight ${value} (standard)`
                : `LoRA weight ${value}`,
            value: value === LIMITS.lora.weight.default ? REGISTRY_WEIGHT : String(value),
            default: weight === value,
          })),
        },
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          custom_id: 'settings:private',
          style: settings.privateByDefault ? ButtonStyle.Primary : ButtonStyle.Secondary,
          label: settings.privateByDefault ? 'New creations: private' : 'New creations: public',
          emoji: { name: settings.privateByDefault ? '🔒' : '🌐' },
          disabled: !settings.privateAllowed,
        },
        {
          type: ComponentType.Button,
          custom_id: 'settings:remix',
          style: settings.remix ? ButtonStyle.Primary : ButtonStyle.Secondary,
          label: settings.remix ? 'Remix: on' : 'Remix: off',
        },
        ...(settings.lanes.includes('relax')
          ? [
              {
                type: ComponentType.Button as const,
                custom_id: 'settings:relaxwhenout',
                style: settings.relaxWhenOut
                  ? (ButtonStyle.Primary as const)
                  : (ButtonStyle.Secondary as const),
                label: LANE_TEXTS.relaxWhenOutButton(settings.relaxWhenOut),
              },
            ]
          : []),
        {
          type: ComponentType.Button,
          custom_id: 'settings:classic',
          style: ButtonStyle.Secondary,
          label: user.discordClassicResults ? 'Results: classic' : 'Results: cards',
        },
        {
          type: ComponentType.Button,
          custom_id: 'settings:reset',
          style: ButtonStyle.Danger,
          label: 'Reset',
        },
      ],
    },
  ];
  // The lanes the plan offers, the one in use chosen (a plan with fast only has no menu).
  if (settings.lanes.length > 1)
    components.splice(2, 0, {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: 'settings:lane',
          placeholder: LANE_TEXTS.modeMenu,
          options: settings.lanes.map((lane) => ({
            label: LANE_TEXTS.modeOption(lane),
            value: lane,
            description: LANE_TEXTS.summary[lane].slice(0, 100),
            default: settings.lane === lane,
          })),
        },
      ],
    });
  if (settings.matureAllowed)
    components.splice(2, 0, {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: 'settings:mature',
          placeholder: 'Mature creations of others',
          options: MATURE_DISPLAYS.map((display) => ({
            label: `Mature creations: ${MATURE_WORDS[display]}`,
            value: display,
            default: settings.matureDisplay === display,
          })),
        },
      ],
    });
  return {
    content: lines.join('\n'),
    flags: MessageFlags.Ephemeral,
    components,
    allowed_mentions: { parse: [] },
  };
}

const studioUrl = (deps: BotDeps) => `${deps.publicUrl()}/studio`;

/** `/settings` answers at once, only to the asker. */
export const settings = {
  async run({ deps, user }) {
    return message(settingsMessage(user, studioUrl(deps)));
  },
} satisfies CommandHandler;

/** A menu choice or button of the `/settings` message: the change, then the message updated in place. */
export async function changeSetting(
  deps: BotDeps,
  user: UserRow,
  input: { setting: SettingId; values: string[] },
  interactionId: string,
): Promise<InteractionReply> {
  // How results look on Discord is the bot's own setting, not the studio's.
  if (input.setting === 'classic') {
    const changed = await setDiscordClassicResults(deps.database.db, user.id, !user.discordClassicResults);
    const { content, components } = settingsMessage(changed, studioUrl(deps));
    return { type: InteractionResponseType.UpdateMessage, data: { content, components } };
  }
  const changes = settingChanges(user, input);
  if (!changes)
    return message({ ...settingsMessage(user, studioUrl(deps), 'That choice is not one of the menu’s.') });
  let changed: UserRow;
  try {
    // The interaction's id keys a lane change's ledger entry: delivered twice, recorded once.
    changed = await changeUserSettings(deps.database.db, user.id, changes, `lane:discord:${interactionId}`);
  } catch (error) {
    // A choice the plan does not offer (a lane, relax when out): said, and nothing changed.
    if (error instanceof AppError && error.status === 403)
      return message({ ...settingsMessage(user, studioUrl(deps), error.message) });
    throw error;
  }
  const { content, components } = settingsMessage(changed, studioUrl(deps));
  return { type: InteractionResponseType.UpdateMessage, data: { content, components } };
}

function settingChanges(
  user: UserRow,
  input: { setting: SettingId; values: string[] },
): UpdateUserSettings | null {
  const [value] = input.values;
  switch (input.setting) {
    case 'aspect':
      if (value === SQUARE) return { defaultAspect: null };
      return value && (DEFAULT_ASPECTS as readonly string[]).includes(value)
        ? { defaultAspect: value }
        : null;
    case 'loraweight': {
      if (value === REGISTRY_WEIGHT) return { defaultLoraWeight: null };
      const weight = Number(value);
      return DEFAULT_LORA_WEIGHTS.includes(weight) ? { defaultLoraWeight: weight } : null;
    }
    case 'private':
      return { privateByDefault: !toUserSettingsWire(user).privateByDefault };
    case 'mature':
      return value && (MATURE_DISPLAYS as readonly string[]).includes(value)
        ? { matureDisplay: value as MatureDisplay }
        : null;
    case 'remix':
      return { remix: !user.remix };
    case 'lane':
      return value && (LANES as readonly string[]).includes(value) ? { lane: value as Lane } : null;
    case 'relaxwhenout':
      return { relaxWhenOut: !user.relaxWhenOut };
    case 'classic':
      return null;
    case 'reset':
      return { defaultAspect: null, defaultLoraWeight: null, privateByDefault: false, remix: false };
  }
}
