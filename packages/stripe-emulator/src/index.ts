export {
  createEmulator,
  startEmulator,
  type Emulator,
  type EmulatorOptions,
  type MountableEmulator,
  type RequestHandler,
} from './emulator.ts';
export { fastifyEmulator } from './fastify.ts';
export { signPayload } from './webhooks.ts';
