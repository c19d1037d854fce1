import { buildApp } from './app';
import { pythonIsolation, pythonSupport } from './coding/sandbox';
import { ensureFirstAdmin } from './auth/first-admin';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { removeOrphanedUserFiles } from './modules/account/user-files';
import { removeOrphanedRecordings } from './modules/recordings/orphans';
import { createStartup } from './modules/health/startup';
import { serveBackups } from './ops/backup';
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

  // The embedded database is this process's alone: its control socket, opened before the
  // database, refuses a second server on the same DATA_DIR (two would corrupt it) and hands out
  // consistent backups (`npm run backup`, decision 021).
  const holder: { app?: Awaited<ReturnType<typeof buildApp>>; database?: Database } = {};
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
  // Listening comes first, so probes get an answer while migrations run: /api/ready says 503
  // "starting" and every other request waits for the start to finish (app.ts, gateUntilStarted).
  const startup = createStartup();
  const app = await buildApp({
    config,
    database,
    secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
    logger,
    startup,
  });
  holder.app = app;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await backups?.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });

  await database.migrate();
  // One process at a time, so several starting together on an empty database seed it once.
  await database.exclusive(async () => {
    if (config.SEED_DEMO) {
      const seeded = await seedDemoCatalogue(database.db);
      if (seeded) app.log.info(seeded, 'demo catalogue seeded');
    }
    await ensureFirstAdmin(app.deps, app.log);
  });
  // Files of accounts whose deletion was cut off between its commit and the files' removal.
  const orphans = await removeOrphanedUserFiles(database.db, config.DATA_DIR);
  if (orphans > 0) app.log.info({ orphans }, 'removed the stored files of deleted accounts');
  // The same for recordings kept in S3 (on disk they are inside those folders).
  await removeOrphanedRecordings(database.db, app.deps.recordings)
    .then((count) => {
      if (count > 0) app.log.info({ count }, 'removed the recordings of deleted accounts');
    })
    .catch((err: unknown) => app.log.warn({ err }, 'could not look for orphaned recordings'));
  // A store that cannot be written is said at once, not at the first answer's upload.
  await app.deps.recordings.check().catch((err: unknown) => {
    app.log.error({ err, store: app.deps.recordings.kind }, 'the recording store cannot be used');
  });
  // Which protection of the Python runner this machine gives, and whether Python runs without it
  // (CODE_PYTHON; decision 031): said once, at start-up, so the operator does not learn it later.
  void pythonIsolation().then((isolation) => {
    const python = pythonSupport(config.CODE_PYTHON, isolation);
    app.log[python.level]({ codePython: config.CODE_PYTHON }, python.message);
  });
  startup.ready();
  app.log.info('ready');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
