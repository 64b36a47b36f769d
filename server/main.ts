import { buildApp } from './app.ts';
import { ConfigError, keepDataDirPrivate, loadConfig } from './config.ts';

async function main(): Promise<void> {
  // Everything the node writes (database, media, mail, secrets) is its user's alone: 0600 files and
  // 0700 folders, whatever umask started it (the systemd unit sets UMask=0077 as well).
  process.umask(0o077);
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  keepDataDirPrivate(config.dataDir);
  // Mail notices (with their links) go to the console as plain lines, easy to click in development.
  const { app, close } = await buildApp(config, { logger: true, log: (message) => console.log(message) });
  const shutdown = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Splikz is running at ${config.publicUrl} (data in ${config.dataDir})`);
  if (!config.smtpUrl) app.log.info(`Mail is written to ${config.dataDir}/mail (set SMTP_URL to send it).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
