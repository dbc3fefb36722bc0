import { z } from 'zod';

/** An entry's background when none is given. */
export const CHANGELOG_DEFAULT_BACKGROUND = '#FFFFFF';

/** A changelog entry as the front end receives it (SPEC §3). */
export const ChangelogEntryWire = z.object({
  id: z.number().int(),
  changeTitle: z.string(),
  changeDate: z.string(),
  changeText: z.string(),
  backgroundColor: z.string(),
});
export type ChangelogEntryWire = z.infer<typeof ChangelogEntryWire>;

export const ChangelogList = z.array(ChangelogEntryWire);

/** The entry fields a client sends, without id. */
export const ChangelogContent = z.object({
  changeTitle: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  changeDate: z.string().trim().min(1, 'Date is required').max(100, 'Date must be at most 100 characters'),
  changeText: z.string().min(1, 'Text is required').max(2_000_000, 'Text is too long'),
  backgroundColor: z
    .string()
    .trim()
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, 'Background colour must be a hex colour like #FFFFFF')
    .default(CHANGELOG_DEFAULT_BACKGROUND),
});
export type ChangelogContent = z.input<typeof ChangelogContent>;

export const ChangelogWriteBody = z.object({ content: ChangelogContent });
export type ChangelogWriteBody = z.input<typeof ChangelogWriteBody>;

export const ChangelogIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const ChangelogCountBody = z.object({ count: z.number().int() });

export const ChangelogDeleteBody = z.object({ id: z.number().int() });

export const ChangelogUploadBody = z.object({ url: z.string() });
