import { isUniqueViolation } from '@app/db';
import { ERROR_TEXT, isDecodableTitle } from '@app/domain';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sanitizeChangeText } from './sanitize-change-text.ts';

export interface EntryContent {
  changeTitle: string;
  changeDate: string;
  changeText: string;
  backgroundColor: string;
}

/** Checks the title and sanitizes the text; the row values to store. */
export function prepareContent(content: EntryContent) {
  if (!isDecodableTitle(content.changeTitle)) throw badRequest(ERROR_TEXT.invalidTitle, 'INVALID_TITLE');
  const changeText = sanitizeChangeText(content.changeText);
  if (!changeText.trim())
    throw badRequest('The entry text is empty once unsafe content is removed', 'EMPTY_TEXT');
  return {
    title: content.changeTitle,
    changeDate: content.changeDate,
    changeText,
    backgroundColor: content.backgroundColor.toUpperCase(),
  };
}

export const duplicateTitle = (title: string) =>
  new AppError('DUPLICATE_TITLE', {
    status: 409,
    message: `An entry titled "${title}" already exists. Please choose another title.`,
  });

/** Turns the unique-title violation of a concurrent writer into the same 409. */
export async function guardDuplicateTitle<T>(title: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle(title);
    throw error;
  }
}
