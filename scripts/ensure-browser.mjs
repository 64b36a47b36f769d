// Makes sure Debian's Chromium and its headless shell (end-to-end tests) and ffmpeg (video fixtures of the trimmer's test)
// are there; installs what is missing with apt-get when we can.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needs = [
  {
    name: 'Chromium',
    path: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    pkg: 'chromium',
    env: 'CHROMIUM_PATH',
  },
  {
    name: 'Chromium headless shell',
    path: process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell',
    pkg: 'chromium-headless-shell',
    env: 'CHROMIUM_HEADLESS_SHELL_PATH',
  },
  { name: 'ffmpeg', path: '/usr/bin/ffmpeg', pkg: 'ffmpeg' },
];
const missing = needs.filter((need) => !existsSync(need.path));
if (missing.length > 0) {
  const packages = missing.map((need) => need.pkg).join(' ');
  const howTo = `Install it with: sudo apt-get update && sudo apt-get install -y ${packages}.`;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pinned = missing.find((need) => need.env && process.env[need.env]);
  if (pinned) {
    console.error(`${pinned.name} was not found at ${process.env[pinned.env]} (${pinned.env}).`);
    process.exit(1);
  }
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`${missing.map((need) => need.name).join(' and ')} not found. ${howTo}`);
    process.exit(1);
  }
  console.log(`Installing ${packages} with apt-get (a minute or two)...`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
      stdio: 'inherit',
    });
  } catch {
    console.error(`Could not install ${packages}. ${howTo}`);
    process.exit(1);
  }
  for (const need of missing) {
    if (!existsSync(need.path)) {
      console.error(`${need.name} is still missing at ${need.path}. ${howTo}`);
      process.exit(1);
    }
  }
}
