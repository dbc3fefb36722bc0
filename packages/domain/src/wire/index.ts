export * from './common.ts';
export * from './user.ts';
export * from './payment.ts';
export * from './changelog.ts';
export * from './subscription.ts';
export * from './gift.ts';
export * from './payment-history.ts';
export * from './jobs.ts';
