export * from './jobs.ts';
export * from './media.ts';
export * from './loras.ts';
export * from './events.ts';
