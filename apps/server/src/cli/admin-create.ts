import { parseArgs } from 'node:util';
import { emailSchema } from '@candor/shared';
import { z } from 'zod';
import { restrictNewFiles } from '../platform/ops/file-modes';

// Files this command creates in DATA_DIR (the embedded database's) are the owner's only.
restrictNewFiles();

// `npm run admin:create -- --email a@b.c --password '…' [--first-name A --last-name B] [--force]`
const USAGE =
  'usage: npm run admin:create -- --email <e-mail> --password <at least 8 characters> [--first-name <name>] [--last-name <name>] [--force]\n' +
  '  An existing account at the e-mail is made administrator: its password is replaced and all its sessions end.\n' +
  '  --force is needed when that account was registered through the sign-up form and its e-mail never verified.';

const argsSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters long')
    .max(128, 'Password must be at most 128 characters'),
  'first-name': z.string().trim().min(1).max(50).optional(),
  'last-name': z.string().trim().min(1).max(50).optional(),
  force: z.boolean().optional(),
});

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let raw: Record<string, unknown>;
try {
  raw = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      force: { type: 'boolean' },
    },
  }).values;
} catch (err) {
  fail((err as Error).message);
}
const parsed = argsSchema.safeParse(raw);
if (!parsed.success) {
  const issue = parsed.error.issues[0]!;
  fail(`--${issue.path.join('.')}: ${issue.message}`);
}
const args = parsed.data;

// The app is loaded only once the arguments are good, so a typo is answered at once.
const [{ buildApp }, { createAdmin }, { loadConfig }, { openDatabase }, { resolveAuthSecret }] =
  await Promise.all([
    import('../app'),
    import('../platform/auth/first-admin'),
    import('../config'),
    import('../db/client'),
    import('../platform/secret'),
  ]);
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : `${config.DATA_DIR}/pglite`,
});
try {
  await database.migrate();
  const app = await buildApp({
    config: { ...config, SERVE_WEB: false },
    database,
    secret: resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR),
  });
  let summary: string;
  try {
    ({ summary } = await createAdmin(app.deps, {
      email: args.email,
      password: args.password,
      firstName: args['first-name'],
      lastName: args['last-name'],
      force: args.force,
    }));
  } finally {
    await app.close();
  }
  // The password is never echoed: it is on the operator's command line already.
  console.log(`${summary}\nAdministrator ${args.email} is ready: sign in at /admin/login.`);
} catch (err) {
  console.error(`Could not create the administrator: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
