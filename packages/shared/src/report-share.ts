/**
 * A report to share (issue 30): the report as a PDF, and opt-in share links that open it read-only
 * without signing in. A link is unguessable (its token is 256 random bits; the server keeps only
 * its hash), expires, can be revoked, and plays the recordings only when the candidate chose so.
 * An expired, revoked or unknown link answers the same 404.
 *
 *   GET    /api/interview/:id/report.pdf                       → application/pdf (owner)
 *   GET    /api/interview/:id/share-links                      → ShareLink[] (active ones)
 *   POST   /api/interview/:id/share-links  CreateShareLinkBody → CreatedShareLink
 *   DELETE /api/interview/:id/share-links/:linkId              → { success: true }
 *   GET    /api/shared/:token                                  → SharedReport (public)
 *   GET    /api/shared/:token/answers/:answerId/recording      → audio (public, when chosen)
 *   GET    /api/admin/candidates/:id/attempts/:attemptId/report.pdf → application/pdf (audited)
 *
 * The request and answer schemas are in report-share-schemas.ts: the web app's screens use these
 * plain values, and no screen's chunk carries the schemas it never runs.
 */

/** How long a link may live, in days: the candidate picks one. */
export const SHARE_LINK_DAYS = [1, 7, 30] as const;
export type ShareLinkDays = (typeof SHARE_LINK_DAYS)[number];

/** Links of one report alive at once: enough to send one to each coach, not a bulk generator. */
export const SHARE_LINKS_PER_REPORT_MAX = 10;

/** A link's token: 32 random bytes in base64url (43 characters, 256 bits). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** What every dead link answers (expired, revoked, unknown), word for word. */
export const SHARE_LINK_GONE = 'This link has expired, been revoked, or never existed';

/** The shared page of a link. */
export function sharedReportPath(token: string): string {
  return `/shared/${encodeURIComponent(token)}`;
}

/** Where one answer's recording plays on a shared page. */
export function sharedRecordingUrl(token: string, answerId: string): string {
  return `/api/shared/${encodeURIComponent(token)}/answers/${encodeURIComponent(answerId)}/recording`;
}

/** The PDF of one's own report. */
export function reportPdfUrl(interviewId: string): string {
  return `/api/interview/${encodeURIComponent(interviewId)}/report.pdf`;
}

/** In the data export: a link without its token (never kept), with when it was opened. */
export interface ExportedShareLink {
  interviewId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  includeRecordings: boolean;
  /** When it was opened; who opened it is the viewer's, not part of this export. */
  views: string[];
}
