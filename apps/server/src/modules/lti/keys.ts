import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type CryptoKey,
  type JWK,
} from 'jose';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ltiToolKeys } from '../../db/schema';

export interface ToolKey {
  kid: string;
  privateKey: CryptoKey;
  /** The public half as a JWK: what /.well-known/jwks.json publishes. */
  publicJwk: JWK;
}

const KEY_ROW = 'tool';

async function fromJwk(privateJwk: JWK): Promise<ToolKey> {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = privateJwk;
  const kid = await calculateJwkThumbprint(pub);
  return {
    kid,
    privateKey: (await importJWK(privateJwk, 'RS256')) as CryptoKey,
    publicJwk: { ...pub, kid, alg: 'RS256', use: 'sig' },
  };
}

/**
 * The tool's signing key: LTI_PRIVATE_KEY when set; otherwise one made at first need and kept in
 * the database, so every process signs with the same key the platform fetched (an insert that
 * loses a race reads the winner's row).
 */
export async function loadToolKey(db: Db, pem: string | undefined): Promise<ToolKey> {
  if (pem) {
    const key = await importPKCS8(pem, 'RS256', { extractable: true });
    return fromJwk(await exportJWK(key));
  }
  const [row] = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.id, KEY_ROW));
  if (row) return fromJwk(row.privateJwk as JWK);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const made = await fromJwk(jwk);
  await db
    .insert(ltiToolKeys)
    .values({ id: KEY_ROW, kid: made.kid, privateJwk: jwk as Record<string, unknown> })
    .onConflictDoNothing();
  const [kept] = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.id, KEY_ROW));
  return fromJwk(kept!.privateJwk as JWK);
}
