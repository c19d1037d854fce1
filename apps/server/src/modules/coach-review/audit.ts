import type {
  AuditAction,
  AuditEntry,
  AuditLogResponse,
  auditLogQuerySchema,
} from '@candor/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog, user } from '../../db/schema';

/** Who is looking: the signed-in administrator. */
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

/** Writes one audit entry. Called before the data is answered, so no view goes unrecorded. */
export async function recordView(db: Db, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: `${actor.firstName} ${actor.lastName}`.trim(),
    action: record.action,
    candidateId: record.candidateId ?? null,
    interviewId: record.interviewId ?? null,
    details: record.details ?? {},
  });
}

const candidate = alias(user, 'audited_candidate');

/** The audit log, newest first, a page at a time. */
export async function auditEntries(
  db: Db,
  q: z.output<typeof auditLogQuerySchema>,
): Promise<AuditLogResponse> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        candidateName: sql<string | null>`${candidate.firstName} || ' ' || ${candidate.lastName}`,
        candidateEmail: candidate.email,
      })
      .from(auditLog)
      .leftJoin(candidate, eq(candidate.id, auditLog.candidateId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    entries: rows.map(({ entry: e, candidateName, candidateEmail }): AuditEntry => ({
      id: e.id,
      at: e.createdAt.toISOString(),
      action: e.action,
      actor: { id: e.actorId, email: e.actorEmail, name: e.actorName },
      candidate:
        e.candidateId && candidateEmail
          ? { id: e.candidateId, name: candidateName ?? '', email: candidateEmail }
          : null,
      interviewId: e.interviewId,
      details: e.details,
    })),
    pagination: {
      totalCount,
      totalPages: Math.max(1, Math.ceil(totalCount / q.limit)),
      currentPage: q.page,
      limit: q.limit,
    },
  };
}
