import { parseArgs } from 'node:util';
import { AFTER_RETRIES, startEmulator } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12111' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    'webhook-url': { type: 'string' },
    'public-url': { type: 'string' },
    prefix: { type: 'string' },
    'webhook-time-scale': { type: 'string' },
    'after-retries': { type: 'string', default: 'cancel' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port: ${values.port}`);
  process.exit(2);
}

const scale = values['webhook-time-scale'] === undefined ? undefined : Number(values['webhook-time-scale']);
if (scale !== undefined && !(scale > 0)) {
  console.error(`Invalid --webhook-time-scale: ${values['webhook-time-scale']}`);
  process.exit(2);
}

const afterRetries = AFTER_RETRIES.find((behavior) => behavior === values['after-retries']);
if (!afterRetries) {
  console.error(`Invalid --after-retries: ${values['after-retries']} (${AFTER_RETRIES.join(', ')})`);
  process.exit(2);
}

const emulator = await startEmulator({
  afterRetries,
  port,
  host: values.host,
  dataDir: values['data-dir'],
  webhookUrl: values['webhook-url'],
  publicUrl: values['public-url'],
  prefix: values.prefix,
  webhookTimeScale: scale,
});

console.log(`URL: ${emulator.url}`);
console.log(`STRIPE_SECRET_KEY: ${emulator.secretKey}`);
console.log(`STRIPE_PUBLISHABLE_KEY: ${emulator.publishableKey}`);
console.log(`STRIPE_WEBHOOK_SECRET: ${emulator.webhookSecret}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
