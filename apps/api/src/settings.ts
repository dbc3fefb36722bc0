import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  type GenerationSettings,
  type MetricsSettings,
  generationEnvShape,
  databaseEnvShape,
  metricsEnvShape,
  shutdownEnvShape,
  toGenerationSettings,
  toMetricsSettings,
} from '@app/jobs';
import { CHANNEL_GROUPS, type ChannelGroup, isKnownPlan } from '@app/domain';
import { z } from 'zod';

/**
 * Every setting the product reads, validated once at start-up. A bad or missing value stops the
 * process with one message that names every bad variable.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();
const optionalUrl = optionalString.pipe(z.url().optional());

/**
 * `DISCORD_CHANNELS`: the creation channels of a server whose names differ from ours, as
 * `group=name|name,group=name` (`video=clips-1|clips-2,video-horror=gore-clips`). Groups not listed
 * keep our names (`image-1`…). Names are Discord's: lowercase, no `#`.
 */
const channelNames = optionalString.transform((text, ctx) => {
  const names: Partial<Record<ChannelGroup, string[]>> = {};
  for (const part of (text ?? '').split(',').filter((piece) => piece.trim())) {
    const [group = '', list = ''] = part.split('=').map((piece) => piece.trim());
    const channels = list.split('|').map((name) => name.trim().replace(/^#/, ''));
    if (!CHANNEL_GROUPS.includes(group as ChannelGroup)) {
      ctx.addIssue({ code: 'custom', message: `"${group}" is not one of ${CHANNEL_GROUPS.join(', ')}` });
    } else if (channels.some((name) => !/^[\p{Ll}\p{N}_-]{1,100}$/u.test(name))) {
      ctx.addIssue({ code: 'custom', message: `"${group}" needs lowercase channel names separated by |` });
    } else {
      names[group as ChannelGroup] = channels;
    }
  }
  return names;
});

/**
 * `DISCORD_PLAN_ROLES`: the Discord role each plan gives its member, as `plan=role id` pairs
 * (`Professional Plan=1234…,Founders Plan=5678…`); a plan's name without " Yearly" covers its
 * yearly tier too. Unset: no roles are given or taken.
 */
const planRoles = optionalString.transform((text, ctx) => {
  const roles: Record<string, string> = {};
  for (const part of (text ?? '').split(',').filter((piece) => piece.trim())) {
    const at = part.lastIndexOf('=');
    const plan = part.slice(0, Math.max(0, at)).trim();
    const role = part.slice(at + 1).trim();
    if (!isKnownPlan(plan) || plan === 'free') {
      ctx.addIssue({ code: 'custom', message: `"${plan}" is not a plan name` });
    } else if (!/^\d{17,20}$/.test(role)) {
      ctx.addIssue({ code: 'custom', message: `"${plan}" needs a Discord role id (a snowflake)` });
    } else {
      roles[plan] = role;
    }
  }
  return roles;
});

const SettingsSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('localhost'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./.data'),
    DATABASE_URL: optionalUrl,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
    SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
    JOB_SUBMIT_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    MAX_EVENT_STREAMS_PER_USER: z.coerce.number().int().min(1).default(20),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
    DISCORD_CLIENT_ID: optionalString,
    DISCORD_CLIENT_SECRET: optionalString,
    DISCORD_API_URL: z.url().default('https://discord.com/api/v10'),
    DISCORD_AUTHORIZE_URL: z.url().default('https://discord.com/oauth2/authorize'),
    DISCORD_APPLICATION_ID: optionalString.pipe(
      z
        .string()
        .regex(/^\d{17,20}$/, 'must be a Discord id')
        .optional(),
    ),
    DISCORD_PUBLIC_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F]{64}$/, 'must be the 64-character hex public key')
        .optional(),
    ),
    DISCORD_BOT_TOKEN: optionalString,
    DISCORD_DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    DISCORD_CHANNELS: channelNames,
    DISCORD_PLAN_ROLES: planRoles,
    /** The server whose members get plan roles (the emulator's own without Discord settings). */
    DISCORD_GUILD_ID: optionalString.pipe(
      z
        .string()
        .regex(/^\d{17,20}$/, 'must be a Discord server id')
        .optional(),
    ),
    DISCORD_ROLE_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(600),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://api.stripe.com')
      .refine((value) => {
        const url = URL.parse(value);
        return !url || ((url.pathname === '/' || url.pathname === '') && !url.search && !url.hash);
      }, 'must be an address without a path (the SDK adds /v1/…), e.g. https://api.stripe.com'),
    STUDIO_URL: optionalUrl,
    COMMUNITY_INVITE_URL: optionalUrl,
    CONTACT_EMAIL: z.email().default('support@hypercreate.art'),
    ...generationEnvShape,
    ...metricsEnvShape,
    ...shutdownEnvShape,
    ...databaseEnvShape,
  })
  .superRefine((env, ctx) => {
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: why });
    };
    if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
      need(
        env.DISCORD_CLIENT_ID ? 'DISCORD_CLIENT_SECRET' : 'DISCORD_CLIENT_ID',
        'Discord needs both client id and secret',
      );
    }
    const bot = ['DISCORD_APPLICATION_ID', 'DISCORD_PUBLIC_KEY', 'DISCORD_BOT_TOKEN'] as const;
    if (bot.some((key) => env[key]) || env.NODE_ENV === 'production') {
      for (const key of bot) need(key, 'the Discord bot needs its application id, public key and bot token');
    }
    if (env.STRIPE_SECRET_KEY) need('STRIPE_WEBHOOK_SECRET', 'required with STRIPE_SECRET_KEY');
    if (env.STRIPE_SECRET_KEY) need('STRIPE_PUBLISHABLE_KEY', 'required with STRIPE_SECRET_KEY');
    if (env.NODE_ENV === 'production') {
      const why = 'required in production (local sign-in and the Stripe emulator do not run there)';
      need('DISCORD_CLIENT_ID', why);
      need('STRIPE_SECRET_KEY', why);
      need('ADMIN_PASSWORD', 'required in production');
      need('PUBLIC_URL', 'required in production');
    }
  });

export type Env = z.input<typeof SettingsSchema>;

export interface Settings {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  /** Generated media and generation uploads (the folder storage driver). */
  mediaDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  /** How often paid Stripe objects are re-read for missing grants; 0 turns the timer off. */
  reconcileIntervalSeconds: number;
  /** Sign-in attempts (local and Discord) one client address may make per minute. */
  signInRateLimit: number;
  /** Job submissions and result actions one person may send per minute (a burst guard). */
  jobSubmitRateLimit: number;
  /**
   * How long a process may answer a signed-in request from the session it found before, without
   * PostgreSQL; 0 turns it off (the default under test, whose fixtures write to the database
   * directly and read at once).
   */
  sessionCacheMs: number;
  /** Job event streams one person (or, signed out, one address) may hold open on one API process. */
  maxEventStreamsPerUser: number;
  /** How long a process's claim on posting a Discord result is honoured before another takes over. */
  discordDeliveryLeaseSeconds: number;
  /** The server's creation channels by group, where its names differ from ours. */
  discordChannels: Partial<Record<ChannelGroup, string[]>>;
  /** The Discord role each plan gives (by plan name; a base name covers its yearly tier); empty: none. */
  discordPlanRoles: Record<string, string>;
  /** The server whose members get plan roles; unset with the emulator, which names its own. */
  discordGuildId: string | undefined;
  /** How often every member's plan role is checked and repaired (0: only at start-up and on changes). */
  discordRoleReconcileSeconds: number;
  adminPassword: string;
  /** True when the admin password was generated at start-up and should be printed. */
  adminPasswordGenerated: boolean;
  discord: { clientId: string; clientSecret: string; apiUrl: string; authorizeUrl: string } | undefined;
  /** The bot's identity; absent in the embedded default, where the Discord emulator supplies it. */
  discordBot: DiscordBotSettings | undefined;
  stripe: StripeSettings | undefined;
  /** How long SIGTERM may take: in-flight requests and jobs finish or are handed back by then. */
  shutdownDeadlineMs: number;
  /** How long start-up waits for the database to answer. */
  databaseWaitMs: number;
  studioUrl: string | undefined;
  communityInviteUrl: string | undefined;
  contactEmail: string;
  /** Local sign-in and the Stripe emulator: the embedded defaults. */
  embedded: boolean;
  secureCookies: boolean;
  generation: GenerationSettings;
  metrics: MetricsSettings;
}

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: Stripe's API, or a stand-in such as the emulator. */
  api: { protocol: 'http' | 'https'; host: string; port: number };
}

/** The SDK's `host`, `port` and `protocol` for an API address such as `https://api.stripe.com`. */
export function stripeApiAddress(value: string): StripeSettings['api'] {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    protocol,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
  };
}

export interface DiscordBotSettings {
  applicationId: string;
  /** Hex Ed25519 key that signs the interactions Discord posts to us. */
  publicKey: string;
  botToken: string;
  /** REST base with its version, e.g. `https://discord.com/api/v10`. */
  apiUrl: string;
}

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const parsed = SettingsSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`,
    );
    throw new SettingsError(problems);
  }
  const value = parsed.data;
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    nodeEnv: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    publicUrl: value.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    uploadDir: path.join(dataDir, 'uploads'),
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: value.DATABASE_URL,
    logLevel: value.LOG_LEVEL,
    reconcileIntervalSeconds: value.RECONCILE_INTERVAL_SECONDS,
    signInRateLimit: value.SIGN_IN_RATE_LIMIT,
    jobSubmitRateLimit: value.JOB_SUBMIT_RATE_LIMIT,
    sessionCacheMs: value.SESSION_CACHE_MS ?? (value.NODE_ENV === 'test' ? 0 : 2000),
    maxEventStreamsPerUser: value.MAX_EVENT_STREAMS_PER_USER,
    discordDeliveryLeaseSeconds: value.DISCORD_DELIVERY_LEASE_SECONDS,
    discordChannels: value.DISCORD_CHANNELS,
    discordPlanRoles: value.DISCORD_PLAN_ROLES,
    discordGuildId: value.DISCORD_GUILD_ID,
    discordRoleReconcileSeconds: value.DISCORD_ROLE_RECONCILE_SECONDS,
    adminPassword: value.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url'),
    adminPasswordGenerated: !value.ADMIN_PASSWORD,
    discord:
      value.DISCORD_CLIENT_ID && value.DISCORD_CLIENT_SECRET
        ? {
            clientId: value.DISCORD_CLIENT_ID,
            clientSecret: value.DISCORD_CLIENT_SECRET,
            apiUrl: value.DISCORD_API_URL.replace(/\/$/, ''),
            authorizeUrl: value.DISCORD_AUTHORIZE_URL,
          }
        : undefined,
    discordBot:
      value.DISCORD_APPLICATION_ID && value.DISCORD_PUBLIC_KEY && value.DISCORD_BOT_TOKEN
        ? {
            applicationId: value.DISCORD_APPLICATION_ID,
            publicKey: value.DISCORD_PUBLIC_KEY.toLowerCase(),
            botToken: value.DISCORD_BOT_TOKEN,
            apiUrl: value.DISCORD_API_URL.replace(/\/$/, ''),
          }
        : undefined,
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_PUBLISHABLE_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            publishableKey: value.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            api: stripeApiAddress(value.STRIPE_API_URL),
          }
        : undefined,
    shutdownDeadlineMs: value.SHUTDOWN_DEADLINE_SECONDS * 1000,
    databaseWaitMs: value.DATABASE_WAIT_SECONDS * 1000,
    studioUrl: value.STUDIO_URL,
    communityInviteUrl: value.COMMUNITY_INVITE_URL,
    contactEmail: value.CONTACT_EMAIL,
    embedded: value.NODE_ENV !== 'production',
    secureCookies: value.NODE_ENV === 'production',
    generation: toGenerationSettings(value),
    metrics: toMetricsSettings(value),
  };
}
