/** Series colours with enough contrast on the page's background, in a fixed order. */
export const PALETTE = [
  '#2563eb',
  '#dc2626',
  '#d97706',
  '#059669',
  '#7c3aed',
  '#db2777',
  '#0891b2',
  '#4b5563',
];

export const color = (index: number) => PALETTE[index % PALETTE.length]!;
