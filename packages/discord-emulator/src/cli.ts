import { parseArgs } from 'node:util';
import { startDiscordEmulator } from './index.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '12112' },
    host: { type: 'string', default: '127.0.0.1' },
    'data-dir': { type: 'string' },
    'interactions-url': { type: 'string' },
    'public-url': { type: 'string' },
    'invalid-signature-rate': { type: 'string', default: '0.05' },
    // The test control acts as any user: off unless asked for (and then for loopback clients only).
    'test-control': { type: 'boolean', default: false },
  },
});

const port = Number(values.port);
const rate = Number(values['invalid-signature-rate']);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Invalid --port: ${values.port}`);
  process.exit(2);
}
if (!(rate >= 0 && rate <= 1)) {
  console.error(`Invalid --invalid-signature-rate: ${values['invalid-signature-rate']} (0 to 1)`);
  process.exit(2);
}

const emulator = await startDiscordEmulator({
  port,
  host: values.host,
  dataDir: values['data-dir'],
  interactionsUrl: values['interactions-url'] ?? null,
  publicUrl: values['public-url'],
  invalidSignatureRate: rate,
  testControl: values['test-control'],
});

console.log(`URL: ${emulator.url}`);
console.log(`REST API: ${emulator.url}/api/v10`);
console.log(`Channel page: ${emulator.url}/app`);
console.log(`DISCORD_APPLICATION_ID: ${emulator.applicationId}`);
console.log(`DISCORD_PUBLIC_KEY: ${emulator.publicKey}`);
console.log(`DISCORD_BOT_TOKEN: ${emulator.botToken}`);
console.log(`DISCORD_CLIENT_ID: ${emulator.applicationId}`);
console.log(`DISCORD_CLIENT_SECRET: ${emulator.clientSecret}`);
console.log(`DISCORD_AUTHORIZE_URL: ${emulator.url}/oauth2/authorize`);
console.log(`Interactions URL: ${values['interactions-url'] ?? '(none: pass --interactions-url)'}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
