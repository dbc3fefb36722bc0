export * from './database.ts';
export * from './inspect.ts';
