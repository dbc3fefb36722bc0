/** Facts about the product shown in the page chrome. */
export const SITE = {
  name: 'HyperCreate',
  contactEmail: 'support@hypercreate.art',
} as const;
