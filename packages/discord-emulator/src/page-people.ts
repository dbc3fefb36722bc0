import type { FastifyReply, FastifyRequest } from 'fastify';
import { UserInputError } from './commands.ts';
import type { Ctx } from './ctx.ts';
import type { DiscordUserSeed } from './users.ts';

export interface PageUser {
  id: string;
  username: string;
  globalName: string | null;
}
export type ResolveUser = (request: unknown) => PageUser | null | Promise<PageUser | null>;

const COOKIE = 'discord_emulator_user';

/** Who uses the page: the signed-in user (`resolveUser`), or the one picked in it (a cookie). */
export interface PagePeople {
  who(request: FastifyRequest): Promise<DiscordUserSeed | null>;
  /** A hook that answers 401 before the body is read, as the page's API always has. */
  requireSignIn(request: FastifyRequest): Promise<void>;
  /** The user `requireSignIn` found. */
  signedIn(request: FastifyRequest): DiscordUserSeed;
  /** Whether the page offers a user picker (no `resolveUser`). */
  picker: boolean;
  /** Acts as this user from now on in this browser (the picker). */
  pick(reply: FastifyReply, userId: string): void;
}

export function pagePeople(ctx: Ctx, resolveUser: ResolveUser | undefined): PagePeople {
  const found = new WeakMap<FastifyRequest, DiscordUserSeed>();
  async function who(request: FastifyRequest): Promise<DiscordUserSeed | null> {
    if (resolveUser) {
      const u = await resolveUser(request);
      if (!u) return null;
      let known = ctx.store.user(u.id);
      if (!known) {
        known = { id: u.id, username: u.username, globalName: u.globalName ?? u.username };
        ctx.store.state.users.push(known);
        ctx.store.changed();
      }
      return known;
    }
    const m = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)`).exec(request.headers.cookie ?? '');
    return (m && ctx.store.user(m[1]!)) || null;
  }
  return {
    who,
    async requireSignIn(request) {
      const me = await who(request);
      if (!me) throw new UserInputError('unauthenticated', 'Sign in first.', 401);
      found.set(request, me);
    },
    signedIn: (request) => found.get(request)!,
    picker: !resolveUser,
    pick(reply, userId) {
      const path = ctx.settings.prefix || '/';
      reply.header('set-cookie', `${COOKIE}=${userId}; Path=${path}; HttpOnly; SameSite=Lax`);
    },
  };
}
