import { buildApp, type App, type AppOverrides, type BuildAppOptions } from './app';
import { ensureFirstAdmin } from './platform/auth/first-admin';
import { pythonIsolation, pythonSupport } from './modules/sandbox';
import type { Config } from './config';
import type { Database } from './db/client';
import { seedDemoCatalogue } from './db/seed';
import { removeOrphanedUserFiles } from './modules/account/user-files';
import { createStartup } from './platform/startup';
import { removeOrphanedRecordings } from './modules/recordings';

/**
 * The server's start, in order (main.ts adds the process around it: file modes, the control
 * socket, signals). It listens first, so probes get an answer while migrations run (decision
 * 021); then migrates, seeds, creates the first administrator and clears what an interrupted
 * account deletion left. Only then is the start `ready`: requests waiting at the gate go on, and
 * the background work (sweeps, reports left pending) begins, never before the tables it reads
 * exist (issue 24, finding 11).
 */
export interface StartOptions {
  config: Config;
  database: Database;
  secret: string;
  logger: BuildAppOptions['logger'];
  /** The app exists (its logger too) before it listens: main.ts keeps it for its error paths. */
  onBuilt?: (app: App) => void;
  /** Tests only: a mailer that keeps what it sends. */
  mailer?: AppOverrides['mailer'];
}

export async function startServer(options: StartOptions): Promise<App> {
  const { config, database } = options;
  const startup = createStartup();
  const app = await buildApp({
    config,
    database,
    secret: options.secret,
    logger: options.logger,
    startup,
    overrides: options.mailer ? { mailer: options.mailer } : undefined,
  });
  options.onBuilt?.(app);

  await app.listen({ port: config.PORT, host: config.HOST });

  await database.migrate();
  app.log.info('migrations applied');
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
  return app;
}
