import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';
import { InteractionResponseType } from 'discord-api-types/v10';
import { actOnResult, submitEdit } from './act-on-result.ts';
import { appealFromButton } from './appeal-button.ts';
import { answerAge } from './answer-age.ts';
import type { BotDeps } from './bot-deps.ts';
import { errorReply } from './error-reply.ts';
import { changeSetting } from './handlers/settings.ts';
import { ephemeral } from './messages.ts';
import { parseInteraction } from './parse-interaction.ts';
import { type InteractionReply, message } from './replies.ts';
import { resolveDiscordUser } from './resolve-discord-user.ts';
import { respondInTime } from './respond.ts';
import { runCommand } from './run-command.ts';
import { submitUpload } from './submit-upload.ts';
import { startReport, submitReport } from './report-message.ts';
import { BANNED_TEXT, UNDER_13_TEXT, botLocaleOf, botTexts } from '@app/domain';

/** One verified interaction → its answer, always inside Discord's 3 seconds. */
export async function handleInteraction(
  deps: BotDeps,
  interaction: APIInteraction,
  log: { error(object: unknown, message?: string): void; warn(object: unknown, message?: string): void },
  deferAfterMs?: number,
): Promise<APIInteractionResponse> {
  const parsed = parseInteraction(interaction);
  if (parsed.kind === 'ping') return { type: InteractionResponseType.Pong };
  if (parsed.kind === 'stale') {
    // Bad input, not our failure: a short note without the (possibly huge) id or any query.
    log.warn(
      {
        interactionId: parsed.base.id,
        customId: parsed.customId.slice(0, 120),
        length: parsed.customId.length,
      },
      'a button or form with a custom id that is not ours',
    );
    return {
      type: InteractionResponseType.ChannelMessageWithSource,
      data: ephemeral(botTexts(parsed.base.locale).buttonGone),
    };
  }
  if (parsed.kind === 'unsupported') {
    return {
      type: InteractionResponseType.ChannelMessageWithSource,
      data: ephemeral(
        botTexts(botLocaleOf('locale' in interaction ? interaction.locale : undefined)).notSomethingICanDo,
      ),
    };
  }
  const creditsUrl = `${deps.publicUrl()}/credits`;
  const work = (async (): Promise<InteractionReply> => {
    const user = await resolveDiscordUser({
      db: deps.database.db,
      discordId: parsed.base.user.id,
      username: parsed.base.user.username,
    });
    // A banned person gets nothing from the bot, whatever they ask.
    if (user.bannedAt) return message(ephemeral(BANNED_TEXT));
    // Nor one who said they are under 13 (the site no longer signs them in).
    if (user.ageBand === 'under-13') return message(ephemeral(UNDER_13_TEXT));
    if (parsed.kind === 'age') return answerAge(deps, user, parsed.band);
    if (parsed.kind === 'appeal') return appealFromButton(deps, user, parsed.refusalId);
    if (parsed.kind === 'command') return runCommand(deps, user, parsed);
    if (parsed.kind === 'message-command') return startReport(deps, parsed);
    if (parsed.kind === 'button') return actOnResult(deps, user, parsed);
    if (parsed.kind === 'setting') return changeSetting(deps, user, parsed, parsed.base.id);
    if (parsed.kind === 'upload') return submitUpload(deps, user, parsed);
    if (parsed.action === 'report') return submitReport(deps, user, parsed);
    return submitEdit(deps, user, parsed);
  })().catch((error: unknown) => {
    if (!(error instanceof Error && 'status' in error && Number(error.status) < 500))
      log.error({ err: error }, 'interaction failed');
    return errorReply(error, creditsUrl, botTexts(parsed.base.locale));
  });
  return respondInTime({
    work,
    api: deps.api,
    applicationId: parsed.base.applicationId,
    token: parsed.base.token,
    deferAfterMs,
    onLateError: (error) => log.error({ err: error }, 'could not finish a deferred interaction'),
  });
}
