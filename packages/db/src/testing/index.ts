export * from './database.ts';
export * from './inspect.ts';
export * from './pg-proxy.ts';
export * from './outcomes.ts';
export * from './overview-history.ts';
