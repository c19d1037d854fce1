import { z } from 'zod';
import { calendarDay } from './coach';

/*
 * Cohorts and the coach role (issue 31, decision 046). Administrators only unless marked "coach":
 *   GET    /api/admin/cohorts                         → CohortsResponse (a coach: their cohorts)
 *   POST   /api/admin/cohorts            CohortInput  → Cohort
 *   GET    /api/admin/cohorts/:id                     → Cohort (a coach: one of theirs, else 404)
 *   PUT    /api/admin/cohorts/:id        CohortUpdate → Cohort
 *   DELETE /api/admin/cohorts/:id                     → 204
 *   POST   /api/admin/cohorts/:id/members MemberImport → MemberImportResult (one line per entry)
 *   DELETE /api/admin/cohorts/:id/members/:userId     → 204
 *   GET    /api/admin/cohorts/:id/invites             → CohortInvitesResponse
 *   POST   /api/admin/cohorts/:id/invites InviteCreate → CohortInviteCreated (the link, once)
 *   DELETE /api/admin/cohorts/:id/invites/:inviteId   → 204 (withdrawn)
 *   GET    /api/admin/coaches                         → CoachesResponse
 *   PUT    /api/admin/coaches/:id                     → Coach (a candidate becomes a coach)
 *   DELETE /api/admin/coaches/:id                     → 204 (the coach becomes a candidate)
 *   GET    /api/cohort-invites/:token                 → InvitePreview (anyone with the link)
 *   POST   /api/cohort-invites/:token/join            → JoinedCohort (a signed-in candidate)
 * The candidates list and the results export take `cohortId` to show one cohort's candidates.
 */

export const COHORT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  coachesMax: 20,
  /** A pasted list or an uploaded CSV: characters, and entries (lines) read. */
  importMaxChars: 512 * 1024,
  importMaxEntries: 2_000,
  /** One line of a CSV or of a pasted list (a longer one is reported, not read). */
  importMaxLineChars: 1_000,
  inviteDaysMin: 1,
  inviteDaysMax: 90,
  inviteDaysDefault: 14,
  inviteSeatsMax: 5_000,
  inviteSeatsDefault: 30,
  /** Unguessable: 32 random bytes, base64url without padding. */
  inviteTokenChars: 43,
} as const;

const DOMAIN = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * An e-mail domain ("school.edu" or "@school.edu"; "" for none): new sign-ups with an address at
 * exactly this domain join the cohort.
 */
export const emailDomainSchema = z
  .string({ error: 'emailDomain must be text' })
  .trim()
  .toLowerCase()
  .max(254, 'emailDomain must be at most 253 characters')
  .overwrite((v) => v.replace(/^@/, ''))
  .refine((v) => v === '' || DOMAIN.test(v), 'emailDomain must be a domain such as school.edu');

const cohortName = z
  .string({ error: 'name is required' })
  .trim()
  .min(COHORT_LIMITS.nameMin, `name must be at least ${COHORT_LIMITS.nameMin} characters`)
  .max(COHORT_LIMITS.nameMax, `name must be at most ${COHORT_LIMITS.nameMax} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'name must not contain control characters');

const coachIds = z
  .array(z.uuid('coachIds must list user ids'), { error: 'coachIds must be a list of user ids' })
  .max(COHORT_LIMITS.coachesMax, `coachIds may list at most ${COHORT_LIMITS.coachesMax} coaches`);

const endsAfterStart = (c: { startsOn?: string; endsOn?: string }) =>
  !c.startsOn || !c.endsOn || c.startsOn <= c.endsOn;

export const cohortInputSchema = z
  .object({
    name: cohortName,
    startsOn: calendarDay('startsOn'),
    endsOn: calendarDay('endsOn'),
    coachIds: coachIds.default([]),
    emailDomain: emailDomainSchema.default(''),
  })
  .refine(endsAfterStart, { message: 'endsOn must not be before startsOn', path: ['endsOn'] });
export type CohortInput = z.input<typeof cohortInputSchema>;

/** Any of the fields; dates are checked against the stored ones too (the service). */
export const cohortUpdateSchema = z
  .object({
    name: cohortName.optional(),
    startsOn: calendarDay('startsOn').optional(),
    endsOn: calendarDay('endsOn').optional(),
    coachIds: coachIds.optional(),
    emailDomain: emailDomainSchema.optional(),
  })
  .refine(endsAfterStart, { message: 'endsOn must not be before startsOn', path: ['endsOn'] });
export type CohortUpdate = z.input<typeof cohortUpdateSchema>;

export const personRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type PersonRef = z.infer<typeof personRefSchema>;

export const cohortSchema = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  emailDomain: z.string().nullable(),
  coaches: z.array(personRefSchema),
  /** Candidates in it (accounts of other roles are not counted). */
  memberCount: z.number().int().min(0),
  createdAt: z.string(),
});
export type Cohort = z.infer<typeof cohortSchema>;

export const cohortsResponseSchema = z.object({ cohorts: z.array(cohortSchema) });
export type CohortsResponse = z.infer<typeof cohortsResponseSchema>;

export const coachesResponseSchema = z.object({
  coaches: z.array(personRefSchema.extend({ cohorts: z.number().int().min(0) })),
});
export type CoachesResponse = z.infer<typeof coachesResponseSchema>;

export const cohortMemberParamsSchema = z.object({
  id: z.uuid('id must be a valid id'),
  userId: z.uuid('userId must be a valid id'),
});
export const cohortInviteParamsSchema = z.object({
  id: z.uuid('id must be a valid id'),
  inviteId: z.uuid('inviteId must be a valid id'),
});

/** How a candidate came into a cohort. */
export const COHORT_JOINED_VIA = ['list', 'csv', 'invite', 'domain'] as const;
export type CohortJoinedVia = (typeof COHORT_JOINED_VIA)[number];

export const MEMBER_IMPORT_FORMATS = ['list', 'csv'] as const;

/** A pasted list of e-mail addresses (one per line, or separated by commas) or a CSV file's text. */
export const memberImportSchema = z.object({
  format: z.enum(MEMBER_IMPORT_FORMATS, { error: 'format must be list or csv' }),
  text: z
    .string({ error: 'text is required' })
    .min(1, 'text is required')
    .max(
      COHORT_LIMITS.importMaxChars,
      `text must be at most ${COHORT_LIMITS.importMaxChars / 1024} KB`,
    ),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

/** What became of one entry of a list or CSV. */
export const MEMBER_IMPORT_OUTCOMES = [
  'added',
  'already_member',
  'duplicate',
  'unknown',
  'invalid',
  'not_candidate',
] as const;
export type MemberImportOutcome = (typeof MEMBER_IMPORT_OUTCOMES)[number];

export const MEMBER_IMPORT_OUTCOME_LABELS: Record<MemberImportOutcome, string> = {
  added: 'Added',
  already_member: 'Already in the cohort',
  duplicate: 'Listed twice (the first is used)',
  unknown: 'No account with this e-mail',
  invalid: 'Not an e-mail address',
  not_candidate: 'Not a candidate account',
};

export const memberImportResultSchema = z.object({
  added: z.number().int().min(0),
  counts: z.record(z.enum(MEMBER_IMPORT_OUTCOMES), z.number().int().min(0)),
  lines: z.array(
    z.object({
      /** The line of the text (1 is the first; a CSV's header is line 1). */
      line: z.number().int().min(1),
      email: z.string().nullable(),
      /** The name the CSV gives, shown to help find the person; never stored. */
      name: z.string().nullable(),
      outcome: z.enum(MEMBER_IMPORT_OUTCOMES),
    }),
  ),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

export const inviteCreateSchema = z.object({
  days: z
    .number({ error: 'days must be a whole number' })
    .int('days must be a whole number')
    .min(COHORT_LIMITS.inviteDaysMin, `days must be at least ${COHORT_LIMITS.inviteDaysMin}`)
    .max(COHORT_LIMITS.inviteDaysMax, `days must be at most ${COHORT_LIMITS.inviteDaysMax}`)
    .default(COHORT_LIMITS.inviteDaysDefault),
  seats: z
    .number({ error: 'seats must be a whole number' })
    .int('seats must be a whole number')
    .min(1, 'seats must be at least 1')
    .max(COHORT_LIMITS.inviteSeatsMax, `seats must be at most ${COHORT_LIMITS.inviteSeatsMax}`)
    .default(COHORT_LIMITS.inviteSeatsDefault),
});
export type InviteCreate = z.input<typeof inviteCreateSchema>;

export const INVITE_STATES = ['open', 'expired', 'full', 'withdrawn'] as const;
export type InviteState = (typeof INVITE_STATES)[number];

export const cohortInviteSchema = z.object({
  id: z.string(),
  expiresAt: z.string(),
  seats: z.number().int(),
  seatsTaken: z.number().int(),
  state: z.enum(INVITE_STATES),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type CohortInvite = z.infer<typeof cohortInviteSchema>;

export const cohortInvitesResponseSchema = z.object({ invites: z.array(cohortInviteSchema) });

/** The new link: shown once (only a hash of its token is kept). */
export const cohortInviteCreatedSchema = cohortInviteSchema.extend({ url: z.string() });
export type CohortInviteCreated = z.infer<typeof cohortInviteCreatedSchema>;

export const inviteTokenParamsSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'token must be the code of an invite link')
    .describe('The code at the end of an invite link'),
});

export const invitePreviewSchema = z.object({
  cohort: z.object({ name: z.string(), startsOn: z.string(), endsOn: z.string() }),
  expiresAt: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const joinedCohortSchema = z.object({
  cohort: z.object({ id: z.string(), name: z.string() }),
  /** False when the candidate was in it already (no seat taken). */
  joined: z.boolean(),
});
export type JoinedCohort = z.infer<typeof joinedCohortSchema>;

/** Where an invite link points: the candidate app's join page. */
export const inviteLinkPath = (token: string) => `/join/${token}`;
