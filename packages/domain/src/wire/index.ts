export * from './common.ts';
export * from './user.ts';
export * from './payment.ts';
