export * from './rules.ts';
export * from './wire.ts';
