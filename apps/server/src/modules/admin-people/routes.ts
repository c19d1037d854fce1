import {
  adminPasswordChangeSchema,
  adminProfileSchema,
  candidateStatusSchema,
  candidatesQuerySchema,
  idParamSchema,
} from '@candor/shared';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { session, user } from '../../db/schema';
import { badRequest } from '../../errors';
import { getPublicUser } from '../users/service';
import { analytics, candidates, setCandidateStatus } from './service';

/** The administrators' view of people: analytics, candidates, and their own account. */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, auth } = app.deps;
  app.addHook('onRequest', guards.admin);
  const tags = ['admin: people'];

  app.get('/admin/analytics', { schema: { tags } }, () => analytics(db));
  app.get(
    '/admin/candidates',
    { schema: { tags, querystring: candidatesQuerySchema } },
    (request) => candidates(db, request.query),
  );
  app.put(
    '/admin/candidates/:id/status',
    { schema: { tags, params: idParamSchema, body: candidateStatusSchema } },
    (request) => setCandidateStatus(db, request.params.id, request.body.status),
  );

  app.put('/admin/profile', { schema: { tags, body: adminProfileSchema } }, async (request) => {
    const { firstName, lastName } = request.body;
    await db
      .update(user)
      .set({ firstName, lastName, name: `${firstName} ${lastName}` })
      .where(eq(user.id, request.sessionUser!.id));
    return { success: true as const, user: await getPublicUser(db, request.sessionUser!.id) };
  });

  // A real password change: the current password is verified by better-auth; afterwards every
  // session of the admin ends, so they sign in again with the new one.
  app.put(
    '/admin/password',
    { schema: { tags, body: adminPasswordChangeSchema } },
    async (request) => {
      try {
        await auth.admin.api.changePassword({
          body: {
            currentPassword: request.body.currentPassword,
            newPassword: request.body.newPassword,
            revokeOtherSessions: true,
          },
          headers: fromNodeHeaders(request.headers),
        });
      } catch (err) {
        const status = (err as { statusCode?: number; status?: number | string }).statusCode;
        if (status === 400 || (err as { status?: string }).status === 'BAD_REQUEST') {
          throw badRequest('currentPassword: Current password is incorrect', {
            currentPassword: 'Current password is incorrect',
          });
        }
        throw err;
      }
      await db.delete(session).where(eq(session.userId, request.sessionUser!.id));
      return {
        success: true as const,
        message: 'Credentials updated successfully! You will be logged out.',
      };
    },
  );
};
