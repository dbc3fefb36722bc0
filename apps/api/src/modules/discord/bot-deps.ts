import type { Database, UserRow } from '@app/db';
import type { MediaStorage } from '@app/generation';
import type { GenerationSettings, JobQueue } from '@app/jobs';
import type { API } from '@discordjs/core/http-only';
import type { ChannelDirectory } from './channel-directory.ts';
import type { ParsedInteraction } from './parse-interaction.ts';
import type { InteractionReply } from './replies.ts';

/** What the bot's modules need from the running process. */
export interface BotDeps {
  database: Database;
  storage: MediaStorage;
  queue(): Promise<JobQueue>;
  settings: GenerationSettings;
  /** Discord's REST API as the bot (its token), through `DISCORD_API_URL`. */
  api(): API;
  /**
   * The same for posting results, without the client's own retries: a timeout or a 5xx can come
   * after Discord created the message, and a blind repeat would post it twice. The delivery's next
   * attempt repeats it instead, after looking for the earlier post.
   */
  postingApi(): API;
  /** Absolute base of our own pages and `/media/…` links. */
  publicUrl(): string;
  /** Which channels each command family runs in, and their ids for mentions. */
  channels: ChannelDirectory;
}

export type CommandInteraction = Extract<ParsedInteraction, { kind: 'command' }>;

/** A command that does not take the generic path to `submitJob`. */
export interface CommandHandler {
  run(input: { deps: BotDeps; user: UserRow; interaction: CommandInteraction }): Promise<InteractionReply>;
}
