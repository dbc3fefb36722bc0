// `npm run docs:settings`: writes docs/settings.md and .env.example from the settings schemas (their
// documentation lives beside each setting); a test fails when either file differs from them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { envExample, settingsMarkdown } from '../apps/api/src/settings-doc.ts';

writeFileSync(path.join(ROOT, 'docs/settings.md'), settingsMarkdown());
writeFileSync(path.join(ROOT, '.env.example'), envExample());
console.log('Wrote docs/settings.md and .env.example');
