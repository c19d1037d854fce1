import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { session, user } from '../../db/schema';

/** What a session is now: valid, ended (signed out, revoked, expired), or its account disabled. */
export type SessionState = 'active' | 'ended' | 'disabled';

/** The states of the given sessions in one query (a session that is gone is 'ended'). */
export async function sessionStates(db: Db, ids: string[]): Promise<Map<string, SessionState>> {
  const states = new Map<string, SessionState>(ids.map((id) => [id, 'ended' as const]));
  if (ids.length === 0) return states;
  const rows = await db
    .select({
      id: session.id,
      current: sql<boolean>`${session.expiresAt} > now()`,
      status: user.status,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(inArray(session.id, ids));
  for (const row of rows) {
    if (row.status !== 'active') states.set(row.id, 'disabled');
    else if (row.current) states.set(row.id, 'active');
  }
  return states;
}
