export * from '../../routes/media.ts';
