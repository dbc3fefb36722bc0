export * from './audit.ts';
export * from './changelog.ts';
export * from './gift-codes.ts';
export * from './oauth-states.ts';
export * from './sessions.ts';
export * from './subscriptions.ts';
export * from './users.ts';
export * from './webhook-events.ts';
