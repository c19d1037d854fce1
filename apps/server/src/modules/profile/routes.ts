import { profileSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateProfile } from './service';

/** PUT /api/user/profile: the candidate's own profile; an e-mail in the body is ignored. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.addHook('onRequest', guards.candidate);
  app.put(
    '/user/profile',
    { schema: { tags: ['users'], body: profileSchema } },
    async (request) => ({
      success: true as const,
      user: await updateProfile(db, request.sessionUser!.id, request.body),
    }),
  );
};
