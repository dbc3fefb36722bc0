/**
 * The guide pages of the website, in the order `/help` lists their commands. Each command's
 * definition names the section that shows it; the pages, the documentation hub's links and the
 * bot's `/help` all read that.
 */
export const GUIDES = {
  images: { path: '/makecommanddocumentation', title: 'Images guide' },
  video: { path: '/videocommanddocumentation', title: 'Video guide' },
  audio: { path: '/audiocommanddocumentation', title: 'Audio guide' },
  lipsync: { path: '/LipSyncDocumentation', title: 'Lip-sync guide' },
  lora: { path: '/loraDocumentation', title: 'LoRA guide' },
  documentation: { path: '/documentation', title: 'Documentation' },
} as const satisfies Record<string, { path: string; title: string }>;

export type GuideId = keyof typeof GUIDES;

/** The sections of the guides that show commands, and the guide each is on. */
export const GUIDE_SECTIONS = {
  prompting: { guide: 'images' },
  editing: { guide: 'images' },
  fills: { guide: 'images' },
  video: { guide: 'video' },
  audio: { guide: 'audio' },
  lipsync: { guide: 'lipsync' },
  'lora-training': { guide: 'lora' },
  'lora-managing': { guide: 'lora' },
  everyday: { guide: 'documentation' },
} as const satisfies Record<string, { guide: GuideId }>;

export type GuideSectionId = keyof typeof GUIDE_SECTIONS;

/** The id of a command's reference on its guide page (`cmd-make`, `cmd-change`). */
export const commandAnchor = (name: string) => `cmd-${name.toLowerCase()}`;

/** The guide that shows a command, and the link to the command's reference on it. */
export function guideOf(command: { name: string; guide: GuideSectionId }): {
  id: GuideId;
  title: string;
  href: string;
} {
  const id = GUIDE_SECTIONS[command.guide].guide;
  return { id, title: GUIDES[id].title, href: `${GUIDES[id].path}#${commandAnchor(command.name)}` };
}
