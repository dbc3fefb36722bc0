import {
  BOT_TEXTS_EN,
  type BotTexts,
  LIMITS,
  type Lane,
  type Price,
  RESULT_BUTTONS,
  priceIn,
} from '@app/domain';
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInContainer,
  type APIMessageTopLevelComponent,
  type APIModalInteractionResponseCallbackData,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  TextInputStyle,
} from 'discord-api-types/v10';
import { type ActionSet, actionRows } from './action-components.ts';

/** A message as plain data: what the bot sends, before files are attached. */
export interface MessagePayload {
  /** Empty in a Components V2 message (flag 1<<15), whose text is in Text Display components. */
  content?: string;
  flags?: number;
  components?: APIMessageTopLevelComponent[];
  allowed_mentions: { parse?: []; users?: string[] };
}

/** Discord's largest upload for a bot without boosts; bigger results are posted as links. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const RESULT_ACTIONS = ['love', 'edit', 'reroll', 'delete', 'vary', 'gif'] as const;
export type ResultActionId = (typeof RESULT_ACTIONS)[number];

const NO_PINGS = { parse: [] as [] };

export const customId = (action: ResultActionId, jobId: string) => `${action}:${jobId}`;

/** Only the person who asked sees it. */
export function ephemeral(content: string): MessagePayload {
  return { content, flags: MessageFlags.Ephemeral, allowed_mentions: NO_PINGS };
}

export function describePrice(price: Price, texts: BotTexts = BOT_TEXTS_EN): string {
  return priceIn(texts, price);
}

/** Where a job stands, as the queued answer shows it (the studio shows the same numbers). */
export interface StandingView {
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  /** Queued jobs ahead in dispatch order. */
  position: number;
  waitSeconds?: number;
  /** 0 to 1, while running, when the backend reports it. */
  progress?: number;
  refundAt?: Date;
}

/**
 * The visible answer to a queued command, edited as the job advances: its place in line and the
 * wait while queued, "Running…" with its progress, and when it is refunded by itself if it never
 * finishes (a Discord timestamp, shown in each reader's own time).
 */
export function queuedMessage(input: {
  command: string;
  position: number;
  cost: Price;
  /** The lane it runs in, named in the answer; and whether it went to relax for want of credits. */
  lane?: Lane;
  autoRelaxed?: boolean;
  dm?: boolean;
  standing?: StandingView;
  /** The asker's language. */
  texts?: BotTexts;
  /** Where the server turned off external apps, the answer says why only the asker sees it. */
  privateOnly?: boolean;
}) {
  const t = input.texts ?? BOT_TEXTS_EN;
  const reply = input.dm ? t.queued.dm : t.queued.here;
  const standing = input.standing ?? { status: 'queued' as const, position: input.position };
  const cost = `${t.mode[input.lane ?? 'fast']} · ${t.cost(priceIn(t, input.cost))}`;
  const refund = standing.refundAt
    ? `\n${t.refundBy(`<t:${Math.ceil(standing.refundAt.getTime() / 1000)}:t>`)}`
    : '';
  const note = input.privateOnly ? `\n${t.externalAppsOff}` : '';
  // The first line stays as sent (SPEC's "queued, then posted"); the second moves with the job.
  const first = `/${input.command}: ${reply}${input.autoRelaxed ? `\n${t.autoRelaxed}` : ''}`;
  const line = (text: string) =>
    ({ content: `${first}\n${text}${note}`, allowed_mentions: NO_PINGS }) satisfies MessagePayload;
  switch (standing.status) {
    case 'running':
      return line(`${t.running(standing.progress)} · ${cost}.${refund}`);
    case 'succeeded':
      return line(`${t.done} · ${cost}.`);
    case 'failed':
      return line(t.failedRefunded);
    case 'cancelled':
      return line(t.cancelledRefunded);
    default: {
      const wait = standing.waitSeconds !== undefined ? ` · ${t.wait(standing.waitSeconds)}` : '';
      return line(`${t.youAre(t.place(standing.position))}${wait} · ${cost}.${refund}`);
    }
  }
}

export function insufficientCreditsMessage(input: {
  cost: Price;
  balance: Price;
  creditsUrl: string;
  texts?: BotTexts;
}) {
  const t = input.texts ?? BOT_TEXTS_EN;
  // The balance of each currency the price asks for, a zero included.
  const balance = (['credits', 'hypercredits'] as const)
    .filter((currency) => input.cost[currency] > 0)
    .map((currency) => t.amount(input.balance[currency], currency))
    .join(t.and);
  return ephemeral(t.notEnough(priceIn(t, input.cost), balance, input.creditsUrl));
}

/**
 * The buttons under a result, in the registry's order, each with its emoji and name (love with its
 * count); vary and GIF only under images, edit only where there is a prompt to edit. Under a grid,
 * a row of links opens each single image. Then the image actions of the registry (`actionRows`).
 */
export function resultComponents(
  jobId: string,
  input: {
    image: boolean;
    loves: number;
    prompt?: boolean;
    singles?: string[];
    actions?: ActionSet;
    texts?: BotTexts;
  },
): APIActionRowComponent<APIButtonComponent>[] {
  const t = input.texts ?? BOT_TEXTS_EN;
  const buttons = RESULT_BUTTONS.filter(
    (button) =>
      (input.image || (button.id !== 'vary' && button.id !== 'gif')) &&
      (input.prompt !== false || button.id !== 'edit'),
  ).map((button): APIButtonComponent => ({
    type: ComponentType.Button,
    style: button.id === 'delete' ? ButtonStyle.Danger : ButtonStyle.Secondary,
    custom_id: customId(button.id, jobId),
    emoji: { name: button.emoji },
    // Words beside the emoji: what the button does is readable without an emoji font and by screen readers.
    label:
      button.id === 'love' && input.loves > 0
        ? `${t.resultButtons[button.id]} (${input.loves})`
        : t.resultButtons[button.id],
  }));
  const rows: APIActionRowComponent<APIButtonComponent>[] = [];
  for (let at = 0; at < buttons.length; at += 5) {
    rows.push({ type: ComponentType.ActionRow, components: buttons.slice(at, at + 5) });
  }
  const singles = (input.singles ?? []).slice(0, 5);
  if (singles.length) {
    rows.push({
      type: ComponentType.ActionRow,
      components: singles.map((url, at): APIButtonComponent => ({
        type: ComponentType.Button,
        style: ButtonStyle.Link,
        url,
        label: t.card.image(at + 1),
      })),
    });
  }
  // The image actions come after the buttons every result has, which keep their place.
  if (input.actions) rows.push(...actionRows(jobId, input.actions));
  return rows;
}

/**
 * A result file's name: the prompt's first words (a title a person reads: "a-calm-piano-tune.mp3"),
 * numbered when a result has several; the stored name when there is no prompt.
 */
export function resultFileName(input: {
  prompt: string;
  storedName: string;
  index: number;
  count: number;
}): string {
  const dot = input.storedName.lastIndexOf('.');
  const extension = dot > 0 ? input.storedName.slice(dot) : '';
  // Flags (`-wide`, `-lora name`'s dash) and weighting are not words of the title.
  let words = input.prompt
    .normalize('NFKD')
    .replace(/(^|\s)-\S+/g, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length > 60) {
    words = words.slice(0, 60);
    const cut = words.lastIndexOf('-');
    if (cut > 20) words = words.slice(0, cut);
  }
  if (!words) return input.storedName;
  return `${words}${input.count > 1 ? `-${input.index + 1}` : ''}${extension}`;
}

export interface ResultFile {
  name: string;
  bytes: number;
  /** Where the file can be fetched when it is too big to attach. */
  url: string;
  /** Shown in the card's gallery (images and video) rather than as a file. */
  visual?: boolean;
}

/** Discord's limit on the components of one Components V2 message, nested ones included. */
export const MAX_V2_COMPONENTS = 40;

/**
 * A finished job as a Components V2 card (flag 1<<15): a container holding the ping, a Media Gallery
 * of the images (a grid's four show as Discord's own 2×2), files, and a Text Display with the prompt
 * and what it cost; under it the action rows of buttons. Small files are attached and named by
 * `attachment://`; big ones are shown from our `/media/…` link.
 */
export function resultCard(input: {
  jobId: string;
  discordUserId: string;
  command: string;
  prompt?: string;
  text?: string | null;
  files: ResultFile[];
  image: boolean;
  loves: number;
  cost: Price;
  actions?: ActionSet;
  texts?: BotTexts;
}): { payload: MessagePayload; attach: ResultFile[] } {
  const t = input.texts ?? BOT_TEXTS_EN;
  const attach = input.files.filter((file) => file.bytes <= MAX_ATTACHMENT_BYTES);
  const source = (file: ResultFile) =>
    file.bytes <= MAX_ATTACHMENT_BYTES ? `attachment://${file.name}` : file.url;
  const visuals = input.files.filter((file) => file.visual).slice(0, 10);
  const others = input.files.filter((file) => !file.visual);
  const inside: APIComponentInContainer[] = [
    {
      type: ComponentType.TextDisplay,
      content: t.ready(`<@${input.discordUserId}>`, input.command, undefined),
    },
  ];
  if (visuals.length)
    inside.push({
      type: ComponentType.MediaGallery,
      items: visuals.map((file, at) => ({
        media: { url: source(file) },
        description: clip(visuals.length > 1 ? t.card.image(at + 1) : file.name, 1024),
      })),
    });
  for (const file of others.filter((entry) => entry.bytes <= MAX_ATTACHMENT_BYTES))
    inside.push({ type: ComponentType.File, file: { url: source(file) } });
  const details = [
    ...(input.prompt ? [`**${t.card.prompt}:** ${clip(input.prompt, 1500)}`] : []),
    ...(input.text ? [clip(input.text, 300)] : []),
    `**${t.card.cost}:** ${priceIn(t, input.cost)}`,
    ...others.filter((entry) => entry.bytes > MAX_ATTACHMENT_BYTES).map((entry) => entry.url),
  ];
  inside.push({ type: ComponentType.TextDisplay, content: details.join('\n') });
  const rows = resultComponents(input.jobId, {
    image: input.image,
    loves: input.loves,
    prompt: Boolean(input.prompt),
    actions: input.actions,
    texts: t,
  });
  const components: APIMessageTopLevelComponent[] = [
    { type: ComponentType.Container, components: inside },
    ...rows,
  ];
  // Past Discord's 40 components the last rows (the rarer image actions) give way.
  while (countComponents(components) > MAX_V2_COMPONENTS) components.pop();
  return {
    payload: {
      flags: MessageFlags.IsComponentsV2,
      components,
      allowed_mentions: { users: [input.discordUserId] },
    },
    attach,
  };
}

/** Every component of a message, nested ones included, as Discord counts them. */
export function countComponents(components: readonly unknown[]): number {
  let count = 0;
  for (const component of components as Record<string, unknown>[]) {
    count += 1;
    if (Array.isArray(component.components)) count += countComponents(component.components);
    if (component.accessory) count += 1;
  }
  return count;
}

/**
 * A result message's first text: the content of a classic message, the first Text Display of a
 * card. A takeover reads it to recognize an earlier post (it starts with the ping).
 */
export function leadingText(message: { content?: string; components?: unknown[] }): string {
  if (message.content) return message.content;
  const walk = (list: readonly unknown[]): string | undefined => {
    for (const component of list as Record<string, unknown>[]) {
      if (component.type === ComponentType.TextDisplay && typeof component.content === 'string')
        return component.content;
      if (Array.isArray(component.components)) {
        const found = walk(component.components);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  return walk(message.components ?? []) ?? '';
}

/**
 * A card's components with the love button's label replaced (its count changed): everything else,
 * the gallery's media included, stays as Discord has it.
 */
export function withButtonLabel(
  components: readonly unknown[],
  customId: string,
  label: string,
): APIMessageTopLevelComponent[] {
  const map = (list: readonly unknown[]): unknown[] =>
    (list as Record<string, unknown>[]).map((component) => {
      if (component.custom_id === customId) return { ...component, label };
      if (Array.isArray(component.components)) return { ...component, components: map(component.components) };
      return component;
    });
  return map(components) as APIMessageTopLevelComponent[];
}

/** A finished job: pings its owner, shows the prompt, attaches small files and links big ones. */
export function resultMessage(input: {
  jobId: string;
  discordUserId: string;
  command: string;
  prompt?: string;
  text?: string | null;
  files: ResultFile[];
  image: boolean;
  loves: number;
  /** Links to a grid's single images, opened from buttons under it. */
  singles?: string[];
  actions?: ActionSet;
  texts?: BotTexts;
}): { payload: MessagePayload; attach: ResultFile[] } {
  const t = input.texts ?? BOT_TEXTS_EN;
  const attach = input.files.filter((file) => file.bytes <= MAX_ATTACHMENT_BYTES);
  const links = input.files.filter((file) => file.bytes > MAX_ATTACHMENT_BYTES).map((file) => file.url);
  const lines = [
    t.ready(`<@${input.discordUserId}>`, input.command, input.prompt ? clip(input.prompt, 1500) : undefined),
    ...(input.text ? [clip(input.text, 300)] : []),
    ...links,
  ];
  return {
    payload: {
      content: lines.join('\n'),
      components: resultComponents(input.jobId, {
        image: input.image,
        loves: input.loves,
        prompt: Boolean(input.prompt),
        singles: input.singles,
        actions: input.actions,
        texts: t,
      }),
      allowed_mentions: { users: [input.discordUserId] },
    },
    attach,
  };
}

export function failureMessage(input: {
  discordUserId: string;
  command: string;
  reason: string;
  refund: Price;
  texts?: BotTexts;
}) {
  const t = input.texts ?? BOT_TEXTS_EN;
  return {
    content:
      t.failed(`<@${input.discordUserId}>`, input.command, clip(input.reason, 500)) +
      (input.refund.credits || input.refund.hypercredits ? ` ${t.refunded(priceIn(t, input.refund))}` : ''),
    allowed_mentions: { users: [input.discordUserId] },
  } satisfies MessagePayload;
}

/** The text answer of a job answered privately (a /describe caption, ready to reuse in /make). */
export function answerMessage(text: string): MessagePayload {
  return { content: clip(text || 'No answer came back.', 2000), allowed_mentions: NO_PINGS };
}

export function loraReadyMessage(name: string): MessagePayload {
  const { weight } = LIMITS.lora;
  return {
    content:
      `Your LoRA **${name}** is trained and ready. Use it by adding \`-lora ${name}\` to a /make prompt ` +
      `(for example \`/make prompt: a portrait -lora ${name}\`); set its strength with \`-loraweight\` ` +
      `from ${weight.min} to ${weight.max} (\`-lora ${name} -loraweight 0.7\`; ${weight.default} without it).`,
    allowed_mentions: NO_PINGS,
  };
}

/** The edit button's modal: the prompt, ready to change. */
export function editModal(jobId: string, prompt: string): APIModalInteractionResponseCallbackData {
  return {
    custom_id: `edit:${jobId}`,
    title: 'Edit & regenerate',
    components: [
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.TextInput,
            custom_id: 'prompt',
            label: 'Prompt',
            style: TextInputStyle.Paragraph,
            value: prompt.slice(0, 2000),
            required: true,
            max_length: 2000,
          },
        ],
      },
    ],
  };
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
