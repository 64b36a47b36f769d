// npm test: lint, type-check, unit + API tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the web build and the end-to-end tests in Chromium. Stops at the first failing step.
import { spawnSync } from 'node:child_process';

const steps = [
  ['lint', 'npx', ['biome', 'check', '.']],
  ['typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['unit and API tests', 'npx', ['vitest', 'run']],
  ['web build', 'npm', ['run', 'build', '--', '--logLevel', 'warn']],
  ['browser', 'node', ['scripts/ensure-browser.mjs']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];

for (const [name, command, args] of steps) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds}s`);
}
