// Makes sure Debian's Chromium is there for the end-to-end tests; installs it with apt-get when we can.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  const howTo =
    'Install it with: sudo apt-get update && sudo apt-get install -y chromium (or set CHROMIUM_PATH).';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (process.env.CHROMIUM_PATH || !isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`Chromium was not found at ${path}. ${howTo}`);
    process.exit(1);
  }
  console.log('Chromium is missing: installing it with apt-get (about a minute)...');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
  } catch {
    console.error(`Could not install Chromium. ${howTo}`);
    process.exit(1);
  }
  if (!existsSync(path)) {
    console.error(`Chromium is still missing at ${path}. ${howTo}`);
    process.exit(1);
  }
}
