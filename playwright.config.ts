import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;
// One data directory per port, so runs on different ports never share a database or an outbox.
export const E2E_DATA_DIR = `.e2e-data/${port}`;
// The nearby-places search asks this local stand-in for Nominatim and Overpass, never the internet.
const placesFixturePort = port + 2000;
const placesFixtureUrl = `http://127.0.0.1:${placesFixturePort}`;
// Web pushes go to this local push service (https, its own certificate), never to FCM or Mozilla.
export const PUSH_SERVICE_PORT = port + 3000;
const pushServiceCa = `.e2e-data/push-ca-${port}.pem`;
/**
 * 'Import from a link' reads recipe pages from this local site (server/test/recipeFixtureSite.ts), never
 * the internet. It listens on 127.0.0.2, a loopback address the import refuses unless RECIPE_IMPORT_ALLOW
 * names it (127.0.0.1, the app's own, stays refused).
 */
const recipeSitePort = port + 4000;
export const RECIPE_SITE_URL = `http://127.0.0.2:${recipeSitePort}`;

/** Debian's full Chromium, for what only the full browser does (web push: push.spec.ts). */
export const FULL_CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell runs the other tests: the same engine without the browser around the
 * page (Chromium's old headless mode), which takes the suite from 6.5 to 5.5 minutes on 2 cores.
 */
export const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Every test on its own, spread over the workers; a file whose tests share a server of their own
  // (cluster, spotlight) keeps them in one worker with test.describe.configure({ mode: 'default' }).
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    // The app's service worker would answer requests that tests route or fail on purpose; pwa.spec allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /mobile\.spec|janus\.spec/,
    },
    { name: 'mobile', use: { ...devices['Pixel 7'] }, testMatch: /mobile\.spec/ },
    /**
     * The Janus circles (four pages sending and decoding video each) after every other test, so no
     * other test's pages share the two cores with them: beside the rest on a slow machine, a guest's
     * page took 6.5 s to show the end that takes under 2 s alone. `--project=janus --no-deps` runs
     * them on their own.
     */
    {
      name: 'janus',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /janus\.spec/,
      dependencies: ['desktop', 'mobile'],
    },
  ],
  webServer: [
    {
      command: `mkdir -p .e2e-data && node --import tsx server/test/pushServiceFixture.ts ${PUSH_SERVICE_PORT} ${pushServiceCa}`,
      url: `https://127.0.0.1:${PUSH_SERVICE_PORT}/health`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx server/test/placesFixture.ts ${placesFixturePort}`,
      url: `${placesFixtureUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx server/test/recipeFixtureSite.ts ${recipeSitePort} 127.0.0.2`,
      url: `${RECIPE_SITE_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh data directory (SQLite database and mail outbox) for every run; `npm run build` must have
      // made the web app (dist/) and the server bundle (build/server.cjs).
      command: `rm -rf ${E2E_DATA_DIR} && node --enable-source-maps build/server.cjs`,
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA_DIR,
        PUBLIC_URL: E2E_BASE_URL,
        CONTACT_EMAIL: 'team@splikz.test',
        AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        // The suite signs up dozens of members from one address within a minute.
        AUTH_RATE_LIMIT_PER_IP: '1000',
        // Circles connect pages on this machine: no public STUN server is reachable, nor needed.
        ICE_SERVERS: '[]',
        NOMINATIM_URL: placesFixtureUrl,
        PUSH_SERVICE_HOSTS: `127.0.0.1:${PUSH_SERVICE_PORT}`,
        PUSH_SERVICE_CA_FILE: pushServiceCa,
        OVERPASS_URL: `${placesFixtureUrl}/api/interpreter`,
        RECIPE_IMPORT_ALLOW: '127.0.0.2/32',
        // Link cards read the same fixture site's /cards/ pages.
        LINK_PREVIEW_ALLOW_PRIVATE: '127.0.0.2/32',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
