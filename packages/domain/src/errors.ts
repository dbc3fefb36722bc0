/** Every user-facing error text of the product, reproduced exactly. */
export const ERROR_TEXT = {
  invalidTitle: 'Invalid Title. Please enter a valid title.',
  entryNotFound: 'Entry not found',
  sessionFetchFailed: 'Failed to fetch session details',
  noSessionId: 'No session ID found in URL',
  invalidCoupon: 'Invalid Coupon Entered',
  couponAccepted: 'Coupon Accepted',
  paymentHistoryFailed: 'Error loading payment history.',
  emptyChangelog: 'Sorry, there are no entries to show right now.',
  unexpectedApplicationError: 'Unexpected Application Error!',
  paymentFailedAfterAuthentication: 'Payment failed after authentication.',
  somethingWentWrong: 'Something went wrong',
} as const;

export const paymentMethodCreationFailed = (message: string) => `Payment method creation failed: ${message}`;
export const paymentFailed = (error: string) => `Payment failed: ${error}`;
export const authenticationFailed = (message: string) => `Authentication failed: ${message}`;

/**
 * Why a sign-in sent the user back to /menu: the API puts the code in `?error=`, the landing page
 * shows the text.
 */
export const LOGIN_ERROR_TEXT = {
  discord_denied: 'Discord sign-in was cancelled. You are not signed in.',
  discord_state: 'That sign-in link was not valid or was already used. Please log in again.',
  discord_failed: 'Discord did not confirm your account. Please try again in a moment.',
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERROR_TEXT;
