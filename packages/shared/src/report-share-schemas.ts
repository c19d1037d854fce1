import { z } from 'zod';
import { conversationMessageSchema } from './interview';
import { reportSchema } from './report';
import { SHARE_LINK_DAYS } from './report-share';

/** A report to share (issue 30): the routes' schemas; the routes are listed in report-share.ts. */

export const createShareLinkBodySchema = z.object({
  expiresInDays: z.union(
    SHARE_LINK_DAYS.map((d) => z.literal(d)),
    { error: `expiresInDays must be one of ${SHARE_LINK_DAYS.join(', ')}` },
  ),
  /** Off unless ticked: recordings are the candidate's voice. */
  includeRecordings: z.boolean({ error: 'includeRecordings must be true or false' }).default(false),
});
export type CreateShareLinkBody = z.input<typeof createShareLinkBodySchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  expiresAt: z.string(),
  includeRecordings: z.boolean(),
  /** Every opening of the link counts, signed in or not. */
  views: z.number().int(),
  lastViewedAt: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListSchema = z.array(shareLinkSchema);

/** The one answer that carries the token: it is shown once and never stored in the clear. */
export const createdShareLinkSchema = shareLinkSchema.extend({
  token: z.string(),
  /** The page to send, as a path: `/shared/<token>`. */
  path: z.string(),
});
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const sharedReportSchema = z.object({
  report: reportSchema,
  /** The candidate's name as their profile has it. */
  candidateName: z.string(),
  conversation: z.array(conversationMessageSchema),
  /** Answers whose recording plays here: empty unless the candidate included recordings. */
  recordings: z.array(z.string()),
  expiresAt: z.string(),
});
export type SharedReport = z.infer<typeof sharedReportSchema>;
