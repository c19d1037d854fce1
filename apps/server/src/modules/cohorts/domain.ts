import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cohorts } from '../../db/schema';
import { candidateThemselves } from '../audit';
import { addMembers } from './members';

/** The account better-auth just created (any sign-up: e-mail, Google, GitHub, single sign-on). */
export interface NewAccount {
  id: string;
  email: string;
  role?: string;
  /** Whether the provider vouched for the address (Google, GitHub, single sign-on). */
  emailVerified?: boolean;
}

/**
 * A new candidate whose address is at a cohort's e-mail domain joins it (decision 046): exactly
 * that domain (a sub-domain is another school's), and only cohorts that have not ended. Only a
 * verified address counts: an e-mail sign-up is not verified (anyone can type an address at a
 * school's domain), nor an LTI launch's (the platform could claim any address). Each joining is
 * recorded as the candidate's own (candidateThemselves).
 */
export async function joinByDomain(db: Db, account: NewAccount, today: string): Promise<number> {
  if ((account.role ?? 'candidate') !== 'candidate') return 0;
  if (account.emailVerified !== true) return 0;
  const domain = account.email.slice(account.email.lastIndexOf('@') + 1).toLowerCase();
  if (!domain) return 0;
  return db.transaction(async (tx) => {
    const open = await tx
      .select({ id: cohorts.id, name: cohorts.name })
      .from(cohorts)
      .where(and(eq(cohorts.emailDomain, domain), gte(cohorts.endsOn, today)));
    const actor = candidateThemselves(account.id);
    let joined = 0;
    for (const cohort of open) {
      joined += (await addMembers(tx, actor, cohort, [account.id], 'domain')).size;
    }
    return joined;
  });
}
