import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What `app.ts` hands every route module; each reads the options it needs. */
export interface RouteModuleOptions {
  /** The Discord channel page of the embedded default, for the public config. */
  discordChannelUrl: string | null;
  /** When an interaction is deferred (tests shorten it). */
  deferAfterMs?: number;
  /** The built web app, whose shell the creation pages fill in. */
  distDir: string;
}

/** A module under routes/, with the prefix its folder gives it (routes/index.ts lists them). */
export interface RouteModule {
  file: string;
  prefix: string;
  plugin: FastifyPluginAsyncZod<RouteModuleOptions>;
}
