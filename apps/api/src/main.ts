import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts the API server and stops it cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Wingmate API on http://localhost:${config.port} (database: ${app.database.driver})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The API server could not start:', error);
  }
  process.exit(1);
});
