import {
  adminPasswordChangeSchema,
  adminProfileSchema,
  analyticsSchema,
  candidateStatusResponseSchema,
  candidateStatusSchema,
  candidatesQuerySchema,
  candidatesResponseSchema,
  idParamSchema,
} from '@candor/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteCandidate } from '../account';
import { scopeOf } from '../cohorts';
import {
  analytics,
  candidates,
  changeAdminPassword,
  setCandidateStatus,
  updateAdminProfile,
} from './service';

/**
 * The portal's view of people: analytics and each candidate's status and deletion for
 * administrators; the candidates list for administrators and coaches (a coach: their cohorts'
 * candidates only, decision 046); and the signed-in member of staff's own account.
 */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, auth, config } = app.deps;
  const tags = ['admin: people'];

  await app.register(async (plain) => {
    const admin = plain.withTypeProvider<ZodTypeProvider>();
    admin.addHook('onRequest', app.deps.guards.admin);
    admin.get('/admin/analytics', { schema: { tags, response: { 200: analyticsSchema } } }, () =>
      analytics(db),
    );
    admin.put(
      '/admin/candidates/:id/status',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: candidateStatusSchema,
          response: { 200: candidateStatusResponseSchema },
        },
      },
      (request) =>
        setCandidateStatus(db, request.sessionUser!, request.params.id, request.body.status),
    );
    // Deletes the candidate and everything of theirs, as their own "Delete my account" does.
    admin.delete('/admin/candidates/:id', { schema: { tags, params: idParamSchema } }, (request) =>
      deleteCandidate(
        { db, dataDir: config.DATA_DIR, recordings: app.deps.recordings },
        request.params.id,
        request.sessionUser!,
      ),
    );
  });

  await app.register(async (plain) => {
    const staff = plain.withTypeProvider<ZodTypeProvider>();
    staff.addHook('onRequest', app.deps.guards.staff);
    staff.get(
      '/admin/candidates',
      {
        schema: {
          tags,
          querystring: candidatesQuerySchema,
          response: { 200: candidatesResponseSchema },
        },
      },
      (request) => candidates(db, scopeOf(request.sessionUser!), request.query),
    );
    staff.put(
      '/admin/profile',
      { schema: { tags, body: adminProfileSchema } },
      async (request) => ({
        success: true as const,
        user: await updateAdminProfile(db, request.sessionUser!.id, request.body),
      }),
    );
    staff.put('/admin/password', { schema: { tags, body: adminPasswordChangeSchema } }, (request) =>
      changeAdminPassword(
        db,
        auth.admin,
        request.sessionUser!.id,
        request.body,
        fromNodeHeaders(request.headers),
      ),
    );
  });
};
