import { buildApp } from '@server/app.ts';
import { loadConfig } from '@server/config.ts';

/**
 * The app as durability.ts and restartDelivery.test.ts run it in a child process: server/main.ts
 * without its logger, the web build and graceful shutdown (it only ever ends by SIGKILL). Bundled by
 * bundle.ts and started by loader.cjs; the environment (PORT, HOST, PUBLIC_URL, DATA_DIR,
 * DATABASE_URL, REDIS_URL, AUTH_SECRET...) configures it as it does the real app.
 */
export async function start(): Promise<void> {
  const config = loadConfig();
  const { app } = await buildApp(config, { webDist: null, log: () => {} });
  await app.listen({ port: config.port, host: config.host });
}
