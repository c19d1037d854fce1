import { preferencesSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authProviders, getPublicUser, setPreferences } from './service';

/** Who am I (per portal), which sign-in methods exist, and the candidate's preferences. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, db, config } = app.deps;

  app.get('/auth/providers', { schema: { tags: ['auth'] } }, async () => authProviders(config));

  // The same answer in each portal, each behind its own guard.
  for (const [url, guard] of [
    ['/auth/me', guards.candidate],
    // The portal's: an administrator or a coach (decision 046); the page reads the role.
    ['/admin-auth/me', guards.staff],
  ] as const) {
    app.get(url, { schema: { tags: ['auth'] }, onRequest: guard }, async (request) => ({
      success: true as const,
      user: await getPublicUser(db, request.sessionUser!.id),
    }));
  }

  app.put(
    '/user/preferences',
    { schema: { tags: ['users'], body: preferencesSchema }, onRequest: guards.candidate },
    async (request) => ({
      success: true as const,
      ...(await setPreferences(db, request.sessionUser!.id, request.body)),
    }),
  );
};
