import { z } from 'zod';

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

/** `GET /api/auth/me`: the signed-in user, or null; 200 either way, so a signed-out visit logs no error. */
export const CurrentUserBody = z.object({ user: UserWire.nullable() });
export type CurrentUserBody = z.infer<typeof CurrentUserBody>;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const AuthLevelBody = z.object({ authLevel: z.enum(ROLES).nullable() });

/** Email as the user types it: required, trimmed, a valid address. */
export const EmailInput = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

const IdInput = z.string().trim().min(1).max(100);
/** The admin password some calls carry; checked on the server against ADMIN_PASSWORD. */
const PasswordInput = z.string().min(1, 'Password is required').max(200);

export const UpdateCustomerEmailBody = z.object({
  stripeid: z.string().max(100).nullish(),
  email: EmailInput,
  userid: IdInput,
});

export const SetAuthLevelBody = z.object({
  user_id: IdInput,
  newAuthLevel: z.enum(ROLES),
  password: PasswordInput,
});

export const AdminGrantBody = z.object({
  discordId: IdInput,
  role: z.enum(ROLES),
  password: PasswordInput,
});

export const AdminUserActionBody = z.object({ user_id: IdInput, password: PasswordInput });

/** A user as admins see it: the User plus role and Discord id. */
export const AdminUserWire = UserWire.extend({
  role: z.enum(ROLES),
  discord_id: z.string().nullable(),
});
export type AdminUserWire = z.infer<typeof AdminUserWire>;

/** Credit and subscription details of one user (self or admin). */
export const UserDetailsWire = z.object({
  user_id: z.string(),
  discordname: z.string(),
  subscription_status: z.string(),
  credits: z.number().int(),
  hypercredits: z.number().int(),
  lastname: z.string(),
});
export type UserDetailsWire = z.infer<typeof UserDetailsWire>;

export const USERS_PAGE_SIZE = 20;
export const FindUsersQuery = z.object({
  query: z.string().trim().max(100).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const UsersPageWire = z.object({
  users: z.array(AdminUserWire),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type UsersPageWire = z.infer<typeof UsersPageWire>;

const Balance = z.number().int('Must be a whole number').min(0, 'Cannot be negative').max(1_000_000_000);
/** Admin edits of one user; any one field or several. */
export const UpdateUserFieldsBody = z
  .object({
    credits: Balance.optional(),
    hypercredits: Balance.optional(),
    subscription_status: z.string().trim().min(1).max(100).optional(),
    discordName: z.string().trim().min(2, 'Name must be 2 to 32 characters').max(32).optional(),
  })
  .strict()
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
  });
export type UpdateUserFieldsBody = z.infer<typeof UpdateUserFieldsBody>;

/** Settings the web app needs to draw its pages; nothing secret. */
export const PublicConfigWire = z.object({
  studioUrl: z.string().nullable(),
  communityInviteUrl: z.string().nullable(),
  discordLogin: z.boolean(),
  /** The embedded default's Discord channel page (same origin); absent with real Discord. */
  discordChannelUrl: z.string().nullable().optional(),
});
export type PublicConfigWire = z.infer<typeof PublicConfigWire>;
