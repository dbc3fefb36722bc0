// Apart from the wire shapes (zod), so that a page asking only this loads no schema code.

/** Stored in place of an email the user has not given yet. */
export const EMAIL_PLACEHOLDER = 'none@placeholder.invalid';

export function isEmailMissing(email: string | null | undefined): boolean {
  return !email || email === EMAIL_PLACEHOLDER;
}
