import type { AuthProvidersResponse, PreferencesInput, PublicUser } from '@candor/shared';
import { eq, inArray } from 'drizzle-orm';
import { oidcConfigured } from '../../platform/auth/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { notFound } from '../../platform/errors';

type UserRow = typeof user.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    avatar: row.image,
    role: row.role,
    status: row.status,
    experienceLevel: row.experienceLevel,
    bio: row.bio,
    location: row.location,
    githubUrl: row.githubUrl,
    linkedinUrl: row.linkedinUrl,
    twitterUrl: row.twitterUrl,
    theme: row.theme,
    patience: row.patience,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getPublicUser(db: Db, id: string): Promise<PublicUser> {
  const [row] = await db.select().from(user).where(eq(user.id, id));
  if (!row) throw notFound('User not found');
  return toPublicUser(row);
}

/** Stores the settings given (a field left out stays as it is); the settings as stored. */
export async function setPreferences(db: Db, id: string, input: PreferencesInput) {
  const changes = {
    ...(input.theme !== undefined ? { theme: input.theme } : {}),
    ...(input.patience !== undefined ? { patience: input.patience } : {}),
  };
  const [row] =
    Object.keys(changes).length > 0
      ? await db
          .update(user)
          .set(changes)
          .where(eq(user.id, id))
          .returning({ theme: user.theme, patience: user.patience })
      : await db
          .select({ theme: user.theme, patience: user.patience })
          .from(user)
          .where(eq(user.id, id));
  if (!row) throw notFound('User not found');
  return row;
}

/** Which sign-in buttons the client shows: only providers with both id and secret configured. */
export function authProviders(config: Config): AuthProvidersResponse {
  return {
    emailPassword: true,
    google: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    github: Boolean(config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET),
    oidc: oidcConfigured(config) ? { providerId: 'oidc', name: config.OIDC_NAME } : null,
  };
}

/**
 * Of these user ids (compared regardless of case), those with no account: what a deletion cut off
 * between its commit and its files left behind (account/user-files.ts on disk,
 * recordings/orphans.ts in S3). Asked 500 ids at a time, so any number stays one short query each.
 */
export async function idsWithoutAccount(db: Db, ids: string[]): Promise<string[]> {
  const existing = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: user.id })
      .from(user)
      .where(inArray(user.id, ids.slice(i, i + 500)));
    for (const r of rows) existing.add(r.id.toLowerCase());
  }
  return ids.filter((id) => !existing.has(id.toLowerCase()));
}
