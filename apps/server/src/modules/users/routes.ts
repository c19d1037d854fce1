import { isStaffRole, preferencesSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkSession } from '../../platform/auth/session-check';
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

  // The session check every page makes first (web/lib/session.ts), in one request: the profile of
  // whoever is signed in to the portal, or null for a visitor (200 either way, so a signed-out
  // visit logs no failed request). The page's HTML asks for it before its script has arrived
  // (platform/http/web.ts), so it is the first thing the app waits for, not the last.
  for (const [url, portal] of [
    ['/auth/session-profile', 'candidate'],
    ['/admin-auth/session-profile', 'admin'],
  ] as const) {
    app.get(url, { schema: { tags: ['auth'] } }, async (request, reply) => {
      const check = await checkSession(app.deps.auth[portal], portal, request);
      if (check.cookies.length > 0) reply.header('set-cookie', check.cookies);
      if (check.refused) return reply.status(check.refused.status).send(check.refused.body);
      const user = check.userId ? await getPublicUser(db, check.userId) : null;
      // At the admin portal only staff (an administrator or a coach) is anyone, as its guard says.
      if (portal === 'admin' && !(user && isStaffRole(user.role)))
        return { success: true as const, user: null };
      return { success: true as const, user };
    });
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
