import {
  cohortInputSchema,
  cohortInviteCreatedSchema,
  cohortInviteParamsSchema,
  cohortInvitesResponseSchema,
  cohortMemberParamsSchema,
  cohortSchema,
  cohortsResponseSchema,
  cohortUpdateSchema,
  coachesResponseSchema,
  idParamSchema,
  inviteCreateSchema,
  invitePreviewSchema,
  inviteTokenParamsSchema,
  joinedCohortSchema,
  memberImportResultSchema,
  memberImportSchema,
  personRefSchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicUrl } from '../../config';
import { listCoaches, makeCoach, removeCoach } from './coaches';
import { createInvite, joinByInvite, listInvites, previewInvite, withdrawInvite } from './invites';
import { importMembers, removeMember } from './members';
import { scopeOf } from './scope';
import { createCohort, deleteCohort, getCohort, listCohorts, updateCohort } from './service';

/**
 * Cohorts (issue 31, decision 046): administrators make and change them, their members, invite
 * links and coaches; a coach reads the cohorts they coach; a candidate joins through a link.
 */
export const cohortRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config } = app.deps;
  const tags = ['admin: cohorts'];

  // Administrators and coaches: a coach sees their own cohorts only (another's is not found).
  await app.register(async (plain) => {
    const staff = plain.withTypeProvider<ZodTypeProvider>();
    staff.addHook('onRequest', guards.staff);
    staff.get(
      '/admin/cohorts',
      { schema: { tags, response: { 200: cohortsResponseSchema } } },
      (r) => listCohorts(db, scopeOf(r.sessionUser!)),
    );
    staff.get(
      '/admin/cohorts/:id',
      { schema: { tags, params: idParamSchema, response: { 200: cohortSchema } } },
      (r) => getCohort(db, scopeOf(r.sessionUser!), r.params.id),
    );
  });

  // Administrators only: every change, and who coaches.
  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', guards.admin);
    admin.post(
      '/admin/cohorts',
      { schema: { tags, body: cohortInputSchema, response: { 201: cohortSchema } } },
      async (r, reply) => reply.status(201).send(await createCohort(db, r.sessionUser!, r.body)),
    );
    admin.put(
      '/admin/cohorts/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: cohortUpdateSchema,
          response: { 200: cohortSchema },
        },
      },
      (r) => updateCohort(db, r.sessionUser!, r.params.id, r.body),
    );
    admin.delete(
      '/admin/cohorts/:id',
      { schema: { tags, params: idParamSchema } },
      async (r, reply) => {
        await deleteCohort(db, r.sessionUser!, r.params.id);
        return reply.status(204).send();
      },
    );
    admin.post(
      '/admin/cohorts/:id/members',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: memberImportSchema,
          response: { 200: memberImportResultSchema },
        },
        // The text is capped at 512 KB by its schema; its JSON escaping may make it longer.
        bodyLimit: 2 * 1024 * 1024,
      },
      (r) => importMembers(db, r.sessionUser!, r.params.id, r.body),
    );
    admin.delete(
      '/admin/cohorts/:id/members/:userId',
      { schema: { tags, params: cohortMemberParamsSchema } },
      async (r, reply) => {
        await removeMember(db, r.sessionUser!, r.params.id, r.params.userId);
        return reply.status(204).send();
      },
    );
    admin.get(
      '/admin/cohorts/:id/invites',
      { schema: { tags, params: idParamSchema, response: { 200: cohortInvitesResponseSchema } } },
      (r) => listInvites(db, r.params.id, app.deps.now()),
    );
    admin.post(
      '/admin/cohorts/:id/invites',
      {
        // The invite's token is in the answer: never compressed (platform/http/compression.ts).
        config: { secretInAnswer: true },
        schema: {
          tags,
          params: idParamSchema,
          body: inviteCreateSchema,
          response: { 201: cohortInviteCreatedSchema },
        },
      },
      async (r, reply) =>
        reply.status(201).send(
          await createInvite(db, r.sessionUser!, r.params.id, r.body, {
            publicUrl: publicUrl(config),
            now: app.deps.now(),
          }),
        ),
    );
    admin.delete(
      '/admin/cohorts/:id/invites/:inviteId',
      { schema: { tags, params: cohortInviteParamsSchema } },
      async (r, reply) => {
        await withdrawInvite(db, r.sessionUser!, r.params.id, r.params.inviteId, app.deps.now());
        return reply.status(204).send();
      },
    );
    admin.get(
      '/admin/coaches',
      { schema: { tags, response: { 200: coachesResponseSchema } } },
      () => listCoaches(db),
    );
    admin.put(
      '/admin/coaches/:id',
      { schema: { tags, params: idParamSchema, response: { 200: personRefSchema } } },
      (r) => makeCoach(db, r.sessionUser!, r.params.id),
    );
    admin.delete(
      '/admin/coaches/:id',
      { schema: { tags, params: idParamSchema } },
      async (r, reply) => {
        await removeCoach(db, r.sessionUser!, r.params.id);
        return reply.status(204).send();
      },
    );
  });

  // The join page: anyone holding the link reads what it opens; a signed-in candidate joins.
  const inviteTags = ['cohort invites'];
  app.get(
    '/cohort-invites/:token',
    {
      schema: {
        tags: inviteTags,
        params: inviteTokenParamsSchema,
        response: { 200: invitePreviewSchema },
      },
    },
    (r) => previewInvite(db, r.params.token, app.deps.now()),
  );
  app.post(
    '/cohort-invites/:token/join',
    {
      schema: {
        tags: inviteTags,
        params: inviteTokenParamsSchema,
        response: { 200: joinedCohortSchema },
      },
      onRequest: guards.candidate,
    },
    (r) => joinByInvite(db, r.sessionUser!, r.params.token, app.deps.now()),
  );
};
