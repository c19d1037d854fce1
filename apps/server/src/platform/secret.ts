import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR, PRIVATE_FILE } from './ops/file-modes';

/**
 * The session-signing secret: AUTH_SECRET when given; otherwise one generated on first start and
 * kept (mode 600) under DATA_DIR, so sessions survive restarts without any configuration.
 */
export function resolveAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: PRIVATE_FILE });
  return secret;
}
