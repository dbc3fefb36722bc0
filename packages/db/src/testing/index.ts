export * from './database.ts';
export * from './inspect.ts';
export * from './overview-history.ts';
