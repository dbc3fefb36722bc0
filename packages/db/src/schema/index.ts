export * from './users.ts';
export * from './sessions.ts';
export * from './ledger.ts';
export * from './audit.ts';
export * from './changelog.ts';
export * from './billing.ts';
export * from './oauth.ts';
export * from './rate-limits.ts';
