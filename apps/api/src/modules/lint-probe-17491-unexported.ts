export * from '@app/db/schema';
