import type { Price } from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { ephemeral, insufficientCreditsMessage } from './messages.ts';
import { type InteractionReply, message } from './replies.ts';

/** Every refusal is shown only to the person who asked; nothing was charged. */
export function errorReply(error: unknown, creditsUrl: string): InteractionReply {
  if (error instanceof AppError) {
    if (error.code === 'INSUFFICIENT_CREDITS' && error.details) {
      const { cost, balance } = error.details as { cost: Price; balance: Price };
      return message(insufficientCreditsMessage({ cost, balance, creditsUrl }));
    }
    if (error.status < 500) return message(ephemeral(error.message));
  }
  return message(ephemeral('Something went wrong on our side; nothing was charged. Please try again.'));
}
