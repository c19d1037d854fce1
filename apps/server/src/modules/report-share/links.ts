import crypto from 'node:crypto';
import {
  SHARE_LINK_GONE,
  SHARE_LINKS_PER_REPORT_MAX,
  SHARE_TOKEN_PATTERN,
  sharedReportPath,
  type CreatedShareLink,
  type ExportedShareLink,
  type ShareLink,
  type createShareLinkBodySchema,
} from '@candor/shared';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { shareLinkViews, shareLinks } from '../../db/schema';
import { conflict, notFound } from '../../platform/errors';
import { assertAttemptId, loadOwned, lockOwned } from '../interviews';
import { getReport } from '../reports';

/**
 * Share links (issue 30, decision 044): the candidate's own, per report. A token is 32 random
 * bytes shown once; only its SHA-256 is stored, so neither the table nor a backup opens a report.
 * Time is the app's clock (`now`), so expiry is tested by moving it.
 */
export interface ShareDeps {
  db: Db;
  now: () => Date;
}

type LinkRow = typeof shareLinks.$inferSelect;

const DAY_MS = 86_400_000;

export const hashToken = (token: string) =>
  crypto.createHash('sha256').update(token).digest('base64url');

/** 256 bits from the operating system's generator, base64url: 43 characters. */
const newToken = () => crypto.randomBytes(32).toString('base64url');

const gone = () => notFound(SHARE_LINK_GONE);

/** The owner's completed report, or why there is nothing to share yet. */
export async function completedReport(db: Db, userId: string, interviewId: string) {
  const { report } = await getReport(db, userId, interviewId);
  if (report.status !== 'completed') {
    throw conflict(
      report.status === 'pending'
        ? 'The report is still being generated: it can be shared once it is ready'
        : 'This report failed to generate: generate it again before sharing it',
    );
  }
  return report;
}

const alive = (now: Date) => and(isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now));

/** Views per link: how many, and the last. */
function viewsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      linkId: shareLinkViews.linkId,
      views: sql<number>`count(*)::int`,
      last: sql<Date | string | null>`max(${shareLinkViews.viewedAt})`,
    })
    .from(shareLinkViews)
    .where(inArray(shareLinkViews.linkId, ids))
    .groupBy(shareLinkViews.linkId);
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toShareLink(row: LinkRow, views = 0, last: Date | string | null = null): ShareLink {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    includeRecordings: row.includeRecordings,
    views,
    lastViewedAt: iso(last),
  };
}

/** `POST /api/interview/:id/share-links`: a new link to the owner's completed report. */
export async function createShareLink(
  deps: ShareDeps,
  userId: string,
  interviewId: string,
  body: z.output<typeof createShareLinkBodySchema>,
): Promise<CreatedShareLink> {
  await completedReport(deps.db, userId, interviewId);
  const now = deps.now();
  const token = newToken();
  // Under the attempt's row lock: two links made at once cannot both pass the count.
  const row = await deps.db.transaction(async (tx) => {
    await lockOwned(tx, userId, interviewId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(shareLinks)
      .where(and(eq(shareLinks.interviewId, interviewId), alive(now)));
    if ((count?.n ?? 0) >= SHARE_LINKS_PER_REPORT_MAX) {
      throw conflict(
        `A report may have at most ${SHARE_LINKS_PER_REPORT_MAX} active links: revoke one first`,
      );
    }
    const [inserted] = await tx
      .insert(shareLinks)
      .values({
        userId,
        interviewId,
        tokenHash: hashToken(token),
        includeRecordings: body.includeRecordings,
        expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  return { ...toShareLink(row), token, path: sharedReportPath(token) };
}

/** `GET /api/interview/:id/share-links`: the report's links still alive, newest first. */
export async function listShareLinks(
  deps: ShareDeps,
  userId: string,
  interviewId: string,
): Promise<ShareLink[]> {
  await loadOwned(deps.db, userId, interviewId);
  const rows = await deps.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.interviewId, interviewId), alive(deps.now())))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  const counts = new Map(
    (
      await viewsOf(
        deps.db,
        rows.map((r) => r.id),
      )
    ).map((v) => [v.linkId, v]),
  );
  return rows.map((r) => toShareLink(r, counts.get(r.id)?.views ?? 0, counts.get(r.id)?.last));
}

/** `DELETE /api/interview/:id/share-links/:linkId`: the link answers 404 from now on. */
export async function revokeShareLink(
  deps: ShareDeps,
  userId: string,
  interviewId: string,
  linkId: string,
): Promise<{ success: true }> {
  await loadOwned(deps.db, userId, interviewId);
  // Not a link id at all is not found either, before the database sees it.
  try {
    assertAttemptId(linkId);
  } catch {
    throw notFound('Share link not found');
  }
  const revoked = await deps.db
    .update(shareLinks)
    .set({ revokedAt: deps.now() })
    .where(
      and(
        eq(shareLinks.id, linkId),
        eq(shareLinks.interviewId, interviewId),
        eq(shareLinks.userId, userId),
        isNull(shareLinks.revokedAt),
      ),
    )
    .returning({ id: shareLinks.id });
  if (revoked.length === 0) throw notFound('Share link not found');
  return { success: true };
}

/**
 * The live link a token opens. Malformed, unknown, revoked and expired all throw the same 404,
 * so the answer tells a guesser nothing.
 */
export async function openLink(deps: ShareDeps, token: string): Promise<LinkRow> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw gone();
  const [row] = await deps.db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.tokenHash, hashToken(token)), alive(deps.now())))
    .limit(1);
  if (!row) throw gone();
  return row;
}

/** Records one opening of a link, before the report is answered: no view goes unrecorded. */
export async function recordLinkView(
  deps: ShareDeps,
  linkId: string,
  viewer: { id: string; portal: 'candidate' | 'admin' } | null,
): Promise<void> {
  await deps.db.insert(shareLinkViews).values({
    linkId,
    viewerId: viewer?.id ?? null,
    viewerPortal: viewer?.portal ?? null,
    viewedAt: deps.now(),
  });
}

/** Every link the person made, alive or not, with when each was opened (the data export). */
export async function shareLinksOf(db: Db, userId: string): Promise<ExportedShareLink[]> {
  const rows = await db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.userId, userId))
    .orderBy(asc(shareLinks.createdAt), asc(shareLinks.id));
  const views = rows.length
    ? await db
        .select({ linkId: shareLinkViews.linkId, at: shareLinkViews.viewedAt })
        .from(shareLinkViews)
        .where(
          inArray(
            shareLinkViews.linkId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(shareLinkViews.viewedAt))
    : [];
  return rows.map((r) => ({
    interviewId: r.interviewId,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    includeRecordings: r.includeRecordings,
    views: views.filter((v) => v.linkId === r.id).map((v) => v.at.toISOString()),
  }));
}
