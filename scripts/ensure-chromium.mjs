// Makes sure a Chromium for the browser tests is installed: Debian's package, installed only when
// missing. CHROMIUM_PATH points elsewhere when set.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM_PATH)) {
  console.log(`Chromium found at ${CHROMIUM_PATH}`);
} else {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo ';
  console.log('Chromium is missing; installing Debian’s chromium package…');
  try {
    execSync(
      `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`,
      {
        stdio: 'inherit',
      },
    );
  } catch {
    console.error('Could not install Chromium. Install it (apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
}
