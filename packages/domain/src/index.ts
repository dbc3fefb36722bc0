export * from './version.ts';
export * from './errors.ts';
export * from './display.ts';
export * from './catalog.ts';
export * from './plan-rank.ts';
export * from './wire/index.ts';
