import type { App } from './app';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { serveBackups } from './platform/ops/backup';
import { restrictNewFiles, tightenDataDir } from './platform/ops/file-modes';
import { resolveAuthSecret } from './platform/secret';
import { startServer } from './start';

async function main() {
  // Before anything is created: what the server keeps is its own (decision 036).
  restrictNewFiles();
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

  // The embedded database is this process's alone: its control socket, opened before the
  // database, refuses a second server on the same DATA_DIR (two would corrupt it) and hands out
  // consistent backups (`npm run backup`, decision 021).
  const holder: { app?: App; database?: Database } = {};
  // An install made before DATA_DIR was private is tightened once, before anything is opened.
  const tightened = await tightenDataDir(config.DATA_DIR);
  const backups = config.DATABASE_URL
    ? null
    : await serveBackups({
        dataDir: config.DATA_DIR,
        dump: async () => {
          if (!holder.database?.dumpDataDir) throw new Error('the database is not open yet');
          return holder.database.dumpDataDir();
        },
        onError: (err) => holder.app?.log.error({ err }, 'backup failed'),
      });

  // The pool can report errors before the app (and its logger) exists.
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
    poolSize: config.DATABASE_POOL_SIZE,
    onError: (err) => holder.app?.log.error({ err }, 'database connection error'),
  });
  holder.database = database;
  let closing = false;
  async function shutdown(app: App, signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await backups?.close();
      await database.close();
      // What PGlite wrote 0644 while it ran (its relation-cache files) is private at rest too.
      await tightenDataDir(config.DATA_DIR);
    } finally {
      process.exit(0);
    }
  }

  // Listens, migrates, seeds, then `ready` (start.ts): background work waits for the migrations.
  await startServer({
    config,
    database,
    secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
    logger,
    onBuilt: (app) => {
      holder.app = app;
      if (tightened.changed > 0) {
        app.log.info(tightened, 'made the data directory readable by this user only');
      }
      if (tightened.failed > 0) {
        app.log.warn(
          { ...tightened, dataDir: config.DATA_DIR },
          'some files of the data directory could not be made private: check their owner',
        );
      }
      process.on('SIGTERM', () => void shutdown(app, 'SIGTERM'));
      process.on('SIGINT', () => void shutdown(app, 'SIGINT'));
    },
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
