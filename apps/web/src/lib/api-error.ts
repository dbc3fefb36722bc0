/** The words to show for a failed call: the server's message when it sent one. */
export function apiErrorMessage(
  error: unknown,
  fallback = 'Something went wrong. Please try again.',
): string {
  const data = (error as { data?: { error?: { message?: string } } } | undefined)?.data;
  const message = data?.error?.message;
  if (message) return message;
  if ((error as { status?: unknown } | undefined)?.status === 'FETCH_ERROR')
    return 'Could not reach the server. Check your connection and try again.';
  return fallback;
}
