export { createEmulatorClient } from '@app/stripe-emulator/browser';
