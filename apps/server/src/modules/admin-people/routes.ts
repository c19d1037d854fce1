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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteCandidate } from '../account';
import {
  analytics,
  candidates,
  changeAdminPassword,
  setCandidateStatus,
  updateAdminProfile,
} from './service';

/** The administrators' view of people: analytics, candidates, and their own account. */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, auth, config } = app.deps;
  app.addHook('onRequest', guards.admin);
  const tags = ['admin: people'];

  app.get('/admin/analytics', { schema: { tags, response: { 200: analyticsSchema } } }, () =>
    analytics(db),
  );
  app.get(
    '/admin/candidates',
    {
      schema: {
        tags,
        querystring: candidatesQuerySchema,
        response: { 200: candidatesResponseSchema },
      },
    },
    (request) => candidates(db, request.query),
  );
  app.put(
    '/admin/candidates/:id/status',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: candidateStatusSchema,
        response: { 200: candidateStatusResponseSchema },
      },
    },
    (request) => setCandidateStatus(db, request.params.id, request.body.status),
  );
  // Deletes the candidate and everything of theirs, as their own "Delete my account" does.
  app.delete('/admin/candidates/:id', { schema: { tags, params: idParamSchema } }, (request) =>
    deleteCandidate(
      { db, dataDir: config.DATA_DIR, recordings: app.deps.recordings },
      request.params.id,
    ),
  );

  app.put('/admin/profile', { schema: { tags, body: adminProfileSchema } }, async (request) => ({
    success: true as const,
    user: await updateAdminProfile(db, request.sessionUser!.id, request.body),
  }));
  app.put('/admin/password', { schema: { tags, body: adminPasswordChangeSchema } }, (request) =>
    changeAdminPassword(
      db,
      auth.admin,
      request.sessionUser!.id,
      request.body,
      fromNodeHeaders(request.headers),
    ),
  );
};
