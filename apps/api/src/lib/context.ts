import type { Database } from '@app/db';
import type { Settings } from '../settings.ts';

/** What routes and modules need from the running process. */
export interface AppContext {
  database: Database;
  settings: Settings;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
