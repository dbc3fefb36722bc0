export * from './types.ts';
export * from './media/index.ts';
export { assertSafeKey, createFolderStorage, type FolderStorageOptions } from './storage/folder.ts';
export { createLocalProvider, VOICE_SETTINGS, type LocalSettings } from './providers/local/index.ts';
export * from './routing.ts';
export * from './providers/a1111/index.ts';
export * from './providers/comfyui/index.ts';
export * from './storage/s3.ts';
export * from './backend-health.ts';
