export { startEmulator, type Emulator, type EmulatorOptions } from './emulator.ts';
export { signPayload } from './webhooks.ts';
