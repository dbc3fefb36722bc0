/**
 * Community safety rules shared by the API, the bot and the web app: prompt categories and their
 * verdicts, the escalating generation pauses after repeated refusals, report limits and age bands.
 */

/** Refused everywhere: sexual terms together with terms for minors (a combination, not single words). */
export const MINORS_SEXUAL = 'minors-sexual';
/** Refused outside the age-restricted horror channels. */
export const GORE = 'gore';

/** Categories an admin gives a blocklisted term; every blocklisted term is refused everywhere. */
export const BLOCKLIST_CATEGORIES = [
  'hate',
  'harassment',
  'real-people',
  'self-harm',
  'violence',
  'sexual',
  'illegal',
  'other',
] as const;
export type BlocklistCategory = (typeof BLOCKLIST_CATEGORIES)[number];

export type PromptCategory = typeof MINORS_SEXUAL | typeof GORE | BlocklistCategory;

const CATEGORY_LABELS: Record<PromptCategory, string> = {
  [MINORS_SEXUAL]: 'sexual content involving minors',
  [GORE]: 'gore and horror (allowed only in the age-restricted horror channels)',
  hate: 'hate',
  harassment: 'harassment',
  'real-people': 'real people',
  'self-harm': 'self-harm',
  violence: 'violence',
  sexual: 'sexual content',
  illegal: 'illegal content',
  other: 'blocked terms',
};

export const categoryLabel = (category: string): string =>
  CATEGORY_LABELS[category as PromptCategory] ?? category;

/** Refusals by one person within this window count towards a pause. */
export const REFUSAL_WINDOW_SECONDS = 24 * 60 * 60;
/** Every this many refusals inside the window pauses the person's generation. */
export const REFUSALS_PER_PAUSE = 3;
/** The pauses, growing with each one inside the window: 1 minute, 10 minutes, 1 hour, 24 hours. */
export const COOLDOWN_STEPS_SECONDS = [60, 10 * 60, 60 * 60, 24 * 60 * 60] as const;

/**
 * The pause the n-th refusal inside the window earns (n counts this one), in seconds, or 0 when
 * it earns none: every third refusal pauses, each pause longer than the one before.
 */
export function cooldownAfter(refusalsInWindow: number): number {
  if (refusalsInWindow < REFUSALS_PER_PAUSE || refusalsInWindow % REFUSALS_PER_PAUSE !== 0) return 0;
  const step = Math.min(refusalsInWindow / REFUSALS_PER_PAUSE - 1, COOLDOWN_STEPS_SECONDS.length - 1);
  return COOLDOWN_STEPS_SECONDS[step]!;
}

/** "1 minute", "10 minutes", "1 hour", "24 hours", "2 days". */
export function describeDuration(seconds: number): string {
  const units = [
    [86_400 * 2, 86_400, 'day'],
    [3600, 3600, 'hour'],
    [60, 60, 'minute'],
    [0, 1, 'second'],
  ] as const;
  for (const [from, size, name] of units) {
    if (seconds >= from && seconds % size === 0) {
      const count = seconds / size;
      return `${count} ${name}${count === 1 ? '' : 's'}`;
    }
  }
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** `09:31 UTC` on the same day, else `Nov 27, 09:31 UTC`. */
export function describeUntil(until: Date, now = new Date()): string {
  const time = until.toISOString().slice(11, 16);
  if (until.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)) return `${time} UTC`;
  const day = until.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${time} UTC`;
}

/** The answer to a refused prompt: the category, nothing charged, and any pause it started. */
export function refusalText(input: { category: string; pauseSeconds: number; until?: Date; now?: Date }) {
  const base = `Your prompt was refused: ${categoryLabel(input.category)}. Nothing was charged.`;
  if (!input.pauseSeconds || !input.until) return base;
  return (
    `${base} After ${REFUSALS_PER_PAUSE} refused prompts your generation is paused for ` +
    `${describeDuration(input.pauseSeconds)}, until ${describeUntil(input.until, input.now)}.`
  );
}

export const pausedText = (until: Date, now = new Date()) =>
  `Your generation is paused until ${describeUntil(until, now)}. Nothing was charged.`;

export const BANNED_TEXT = 'This account is banned from HyperCreate. Nothing was charged.';

/** Reports one person may send per hour. */
export const REPORTS_PER_HOUR = 10;
export const REPORT_REASONS = [
  'sexual-minors',
  'sexual',
  'gore',
  'hate',
  'harassment',
  'real-people',
  'spam',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'sexual-minors': 'Sexual content involving minors',
  sexual: 'Sexual content',
  gore: 'Gore outside the horror channels',
  hate: 'Hate',
  harassment: 'Harassment or bullying',
  'real-people': 'Depicts a real person',
  spam: 'Spam',
  other: 'Something else',
};
export const REPORT_NOTE_MAX = 500;

/** What `hide` leaves in the Discord message in place of the creation. */
export const REMOVED_MESSAGE = 'This creation was removed by the moderators.';

/** Age bands asked at the first sign-in. Under 13 cannot use the service. */
export const AGE_BANDS = ['under-13', '13-17', '18+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export const AGE_BAND_LABELS: Record<AgeBand, string> = {
  'under-13': 'Under 13',
  '13-17': '13 to 17',
  '18+': '18 or older',
};
export const UNDER_13_TEXT =
  'HyperCreate is for people aged 13 or older, so this account cannot use the service.';
/** A job asked for while the age band is unanswered is refused; `where` says how to answer it. */
export const AGE_NEEDED_TEXT = (where: string) =>
  `Before your first creation, tell us your age band ${where}. Nothing was charged.`;
/** Where the studio and the API ask it. */
export const AGE_NEEDED_STUDIO = 'in the studio (it asks on your first visit)';
/** From 13 to 17 the answer itself is the parent or guardian's acceptance. */
export const AGE_GUARDIAN_TEXT =
  'From 13 to 17, a parent or guardian must have read the terms of use and accept them for you.';

/** Moderator actions on a person or a creation; each can be undone. */
export const MODERATION_ACTIONS = ['hide', 'warn', 'pause', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The bot's message context-menu command (type 3) on its results. */
export const REPORT_COMMAND_NAME = 'Report creation';
export const MESSAGE_COMMANDS = [{ type: 3, name: REPORT_COMMAND_NAME }] as const;

/** A command in a horror channel from someone whose recorded age is not 18 or older. */
export const ADULTS_ONLY_TEXT =
  'The horror channels are for people who are 18 or older, and your recorded age is under 18, so I ' +
  'did not run this. Nothing was charged.';
/** A prompt that reads as mature (sexual or gore terms), or a creation made from a mature one, under 18. */
export const MATURE_ADULTS_ONLY_TEXT =
  'This prompt reads as mature (adult or gore content), which is for people who are 18 or older, and ' +
  'your recorded age is under 18. Nothing was charged.';
/** The button a refusal offers, and the answer once it is pressed. */
export const APPEAL_LABEL = 'This was a mistake';
export const APPEALED_TEXT =
  'Thank you: the moderators will look at this refusal. If it was wrong, it will not count toward a pause.';
