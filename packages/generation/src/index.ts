export * from './types.ts';
export * from './media/index.ts';
export { assertSafeKey, createFolderStorage, type FolderStorageOptions } from './storage/folder.ts';
export {
  createLocalProvider,
  LOCAL_COMMANDS,
  VOICE_SETTINGS,
  type LocalSettings,
} from './providers/local/index.ts';
