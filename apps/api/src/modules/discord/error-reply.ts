import { type BotTexts, type Price, BOT_TEXTS_EN } from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { refusalMessage } from './appeal-button.ts';
import { ageQuestionMessage } from './answer-age.ts';
import { ephemeral, insufficientCreditsMessage } from './messages.ts';
import { type InteractionReply, message } from './replies.ts';

/**
 * Every refusal is shown only to the person who asked; nothing was charged. A job before the age
 * band is answered gets the age question, with its buttons; a refused prompt the appeal button.
 */
export function errorReply(
  error: unknown,
  creditsUrl: string,
  texts: BotTexts = BOT_TEXTS_EN,
): InteractionReply {
  if (error instanceof AppError) {
    if (error.code === 'INSUFFICIENT_CREDITS' && error.details) {
      const { cost, balance } = error.details as { cost: Price; balance: Price };
      return message(insufficientCreditsMessage({ cost, balance, creditsUrl, texts }));
    }
    if (error.code === 'AGE_NEEDED') return message(ageQuestionMessage());
    // A refused prompt offers "This was a mistake", which appeals it.
    if (error.code === 'PROMPT_REFUSED' && typeof error.details?.refusalId === 'string')
      return message(refusalMessage(error.message, error.details.refusalId));
    if (error.status < 500) return message(ephemeral(error.message));
  }
  return message(ephemeral(texts.somethingWrong));
}
