/** What the bot says while a job waits, and the buttons under every posted result. */
export const QUEUED_REPLY = 'Your request is queued. I will ping you here when it is ready.';

export interface ResultButton {
  id: 'love' | 'edit' | 'reroll' | 'delete' | 'vary' | 'gif';
  emoji: string;
  label: string;
  description: string;
}

/** Buttons under a posted result, in the order they appear. */
export const RESULT_BUTTONS: readonly ResultButton[] = [
  { id: 'love', emoji: '❤️', label: 'Love', description: 'Show some love. Click it again to take it back.' },
  {
    id: 'edit',
    emoji: '✏️',
    label: 'Edit & regenerate',
    description: 'Opens your prompt so you can change it and make it again.',
  },
  {
    id: 'reroll',
    emoji: '🎲',
    label: 'Re-roll',
    description: 'Runs the same prompt again for a fresh take.',
  },
  { id: 'delete', emoji: '🗑️', label: 'Delete', description: 'Removes the result from the channel.' },
  { id: 'vary', emoji: '🔀', label: 'Vary', description: 'Makes variations close to this result.' },
  { id: 'gif', emoji: '🎞️', label: 'GIF', description: 'Turns the result into an animated GIF.' },
];

/** How a posted result reaches the user. */
export const RESULT_DELIVERY = {
  sameChannel: true,
  pingsUser: true,
} as const;
