export {
  createEmulator,
  startEmulator,
  type Emulator,
  type EmulatorOptions,
  type MountableEmulator,
} from './emulator.ts';
export { recordingObserver, type Observed, type ResponseObserver } from './observer.ts';
export { signPayload } from './webhooks.ts';
export { AFTER_RETRIES, RETRY_DELAYS_DAYS, type AfterRetries } from './billing/retries.ts';
