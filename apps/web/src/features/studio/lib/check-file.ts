/** The server refuses larger files; saying so before the upload saves the wait. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/** Why this file cannot go into an option that accepts these extensions, or null when it can. */
export function fileProblem(
  file: Pick<File, 'name' | 'size'>,
  accepts: readonly string[] | undefined,
): string | null {
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > MAX_UPLOAD_BYTES) return `${file.name} is larger than 50 MB.`;
  if (accepts?.length && !accepts.includes(extensionOf(file.name))) {
    return `${file.name} is not a ${accepts.join(', ')} file.`;
  }
  return null;
}

/** The `accept` attribute of a file input for these extensions. */
export const acceptAttribute = (accepts: readonly string[] | undefined) =>
  accepts?.map((extension) => `.${extension}`).join(',');
