import { z } from 'zod';

/** Stored in place of an email the user has not given yet. */
export const EMAIL_PLACEHOLDER = 'none@placeholder.invalid';

/** The User as the front end receives it. */
export const UserWire = z.object({
  user_id: z.string(),
  stripeid: z.string().nullable(),
  email: z.string(),
  discordname: z.string(),
  subscription_status: z.string(),
  credits: z.number().int(),
  hypercredits: z.number().int(),
  /** '0' means not cancelling; anything else means the plan is set to end and can be renewed. */
  lastname: z.string(),
});
export type UserWire = z.infer<typeof UserWire>;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const AuthLevelBody = z.object({ authLevel: z.enum(ROLES).nullable() });

export function isEmailMissing(email: string | null | undefined): boolean {
  return !email || email === EMAIL_PLACEHOLDER;
}
