import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { createAdmin } from '../auth/first-admin';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { resolveAuthSecret } from '../secret';

// `npm run admin:create -- --email a@b.c --password '…' [--first-name A --last-name B]`
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
if (
  !values.email ||
  !values.email.includes('@') ||
  !values.password ||
  values.password.length < 8
) {
  console.error(
    'usage: npm run admin:create -- --email <e-mail> --password <at least 8 characters>',
  );
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
});
await database.migrate();
const app = await buildApp({
  config: { ...config, SERVE_WEB: false },
  database,
  secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
});
await createAdmin(app.deps, {
  email: values.email,
  password: values.password,
  firstName: values['first-name'],
  lastName: values['last-name'],
});
console.log(`Administrator ${values.email.toLowerCase()} is ready: sign in at /admin/login.`);
await app.close();
await database.close();
