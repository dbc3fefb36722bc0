export * from './common.ts';
export * from './user.ts';
export * from './payment.ts';
export * from './changelog.ts';
