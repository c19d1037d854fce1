import { buildApp } from './app';
import { ensureFirstAdmin } from './auth/first-admin';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { resolveAuthSecret } from './secret';

async function main() {
  const config = loadConfig();
  const logger =
    config.NODE_ENV === 'production'
      ? { level: config.LOG_LEVEL }
      : {
          level: config.LOG_LEVEL,
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        };

  // The pool can report errors before the app (and its logger) exists.
  const holder: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
    poolSize: config.DATABASE_POOL_SIZE,
    onError: (err) => holder.app?.log.error({ err }, 'database connection error'),
  });
  await database.migrate();

  const app = await buildApp({
    config,
    database,
    secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
    logger,
  });
  holder.app = app;
  // One process at a time, so several starting together on an empty database seed it once.
  await database.exclusive(async () => {
    if (config.SEED_DEMO) {
      const seeded = await seedDemoCatalogue(database.db);
      if (seeded) app.log.info(seeded, 'demo catalogue seeded');
    }
    await ensureFirstAdmin(app.deps, app.log);
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
