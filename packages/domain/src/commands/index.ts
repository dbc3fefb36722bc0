export type * from './types.ts';
export * from './limits.ts';
export * from './flags.ts';
export * from './channels.ts';
export * from './answers.ts';
export * from './registry.ts';
export * from './slash.ts';
export * from './actions.ts';
