import {
  AUDIT_CHANGE_ACTIONS,
  AUDIT_VIEW_ACTIONS,
  auditKindOf,
  type AuditAction,
  type AuditChangeAction,
  type AuditEntry,
  type AuditLogResponse,
  type AuditSubjectType,
  type auditLogQuerySchema,
} from '@candor/shared';
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog, user } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Who acts: the signed-in administrator or coach (their e-mail and name are copied). */
export interface Actor {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface AuditRecord {
  action: AuditAction;
  candidateId?: string;
  interviewId?: string;
  details?: Record<string, string | number>;
}

/** One change: what it was made to, and the fields before and after (changeOf). */
export interface AuditChange {
  action: AuditChangeAction;
  subject: { type: AuditSubjectType; id: string; label: string };
  /** The person the change is about (a role, a status, a membership): linked, never copied. */
  candidateId?: string;
  before?: unknown;
  after?: unknown;
  details?: Record<string, string | number>;
}

/**
 * A candidate acting on their own membership (joining through an invite link or their e-mail
 * domain): linked by id only, with nothing of theirs copied, so deleting the account leaves
 * "The candidate" and no name or address behind.
 */
export function candidateThemselves(userId: string): Actor {
  return { id: userId, email: '', firstName: 'The candidate', lastName: '' };
}

const actorColumns = (actor: Actor) => ({
  actorId: actor.id,
  actorEmail: actor.email,
  actorName: `${actor.firstName} ${actor.lastName}`.trim(),
});

/** Writes one audit entry. Called before the data is answered, so no view goes unrecorded. */
export async function recordView(db: Tx, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    ...actorColumns(actor),
    action: record.action,
    candidateId: record.candidateId ?? null,
    interviewId: record.interviewId ?? null,
    details: record.details ?? {},
  });
}

/**
 * Writes changes, in the transaction that makes them: a change is never stored without its entry,
 * nor an entry without its change.
 */
export async function recordChanges(tx: Tx, actor: Actor, changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(auditLog).values(
    changes.map((c) => ({
      ...actorColumns(actor),
      action: c.action,
      candidateId: c.candidateId ?? null,
      subjectType: c.subject.type,
      subjectId: c.subject.id,
      subjectLabel: c.subject.label,
      before: c.before ?? null,
      after: c.after ?? null,
      details: c.details ?? {},
    })),
  );
}

export function recordChange(tx: Tx, actor: Actor, change: AuditChange): Promise<void> {
  return recordChanges(tx, actor, [change]);
}

/**
 * A deleted account's entries keep what was done and by whom, but no longer whose it was: the
 * candidate link is set null by its foreign key, and this clears the same id where the entry's
 * subject is the person.
 */
export async function forgetPerson(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({ subjectId: null })
    .where(and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)));
  // A coach's words about the person go with them: the entry keeps who wrote feedback and when.
  await tx
    .update(auditLog)
    .set({ before: null, after: null })
    .where(and(eq(auditLog.candidateId, userId), eq(auditLog.action, 'coach_feedback_saved')));
}

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fields that differ between two states of a thing, each side holding only those: what the
 * audit view shows as "before → after". A creation (before null) keeps every field after, a
 * deletion every field before; null when nothing changed (an edit that saved the same values).
 */
export function changeOf(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): { before: Record<string, unknown> | null; after: Record<string, unknown> | null } | null {
  if (!before || !after) return before || after ? { before, after } : null;
  const was: Record<string, unknown> = {};
  const is: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (stable(before[key]) === stable(after[key])) continue;
    was[key] = before[key] ?? null;
    is[key] = after[key] ?? null;
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is };
}

const candidate = alias(user, 'audited_candidate');

const day = (iso: string, offsetDays = 0) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + offsetDays * 86_400_000);

function filters(q: z.output<typeof auditLogQuerySchema>): SQL | undefined {
  const where: SQL[] = [];
  if (q.kind === 'view') where.push(inArray(auditLog.action, [...AUDIT_VIEW_ACTIONS]));
  if (q.kind === 'change') where.push(inArray(auditLog.action, [...AUDIT_CHANGE_ACTIONS]));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.subjectType) where.push(eq(auditLog.subjectType, q.subjectType));
  if (q.actor) {
    const like = `%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(sql`${auditLog.actorEmail} ilike ${like}`, sql`${auditLog.actorName} ilike ${like}`)!,
    );
  }
  if (q.from) where.push(gte(auditLog.createdAt, day(q.from)));
  if (q.to) where.push(lt(auditLog.createdAt, day(q.to, 1)));
  return where.length ? and(...where) : undefined;
}

/** The audit log, newest first, a page at a time, with the reader's filters. */
export async function auditEntries(
  db: Db,
  q: z.output<typeof auditLogQuerySchema>,
): Promise<AuditLogResponse> {
  const where = filters(q);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        candidateName: sql<string | null>`${candidate.firstName} || ' ' || ${candidate.lastName}`,
        candidateEmail: candidate.email,
      })
      .from(auditLog)
      .leftJoin(candidate, eq(candidate.id, auditLog.candidateId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    entries: rows.map(({ entry: e, candidateName, candidateEmail }): AuditEntry => {
      const person =
        e.candidateId && candidateEmail
          ? { id: e.candidateId, name: candidateName ?? '', email: candidateEmail }
          : null;
      return {
        id: e.id,
        at: e.createdAt.toISOString(),
        action: e.action,
        kind: auditKindOf(e.action),
        actor: { id: e.actorId, email: e.actorEmail, name: e.actorName },
        candidate: person,
        interviewId: e.interviewId,
        subject:
          e.subjectType && e.subjectId
            ? {
                type: e.subjectType,
                id: e.subjectId,
                // A person is named as they are now (and not at all once deleted).
                label:
                  e.subjectType === 'user'
                    ? ((person?.name.trim() || person?.email) ?? '')
                    : (e.subjectLabel ?? ''),
              }
            : null,
        details: e.details,
        before: e.before ?? null,
        after: e.after ?? null,
      };
    }),
    pagination: {
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / q.limit)),
      currentPage: q.page,
      limit: q.limit,
    },
  };
}
