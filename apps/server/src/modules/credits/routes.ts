import {
  candidateCreditsSchema,
  creditSettingsSchema,
  creditsLimitBodySchema,
  idParamSchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  candidateCredits,
  creditPolicy,
  creditSettings,
  setCandidateLimit,
  setPlatformLimit,
} from './service';

/**
 * Administrators' credit limits: the platform's (admin settings) and each candidate's (the
 * candidates page). A candidate's own numbers come with GET /api/user/stats.
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config } = app.deps;
  const policy = creditPolicy(config);
  app.addHook('onRequest', guards.admin);
  const tags = ['admin: credits'];

  app.get(
    '/admin/settings/credits',
    { schema: { tags, response: { 200: creditSettingsSchema } } },
    () => creditSettings(db, policy),
  );
  app.put(
    '/admin/settings/credits',
    { schema: { tags, body: creditsLimitBodySchema, response: { 200: creditSettingsSchema } } },
    (request) => setPlatformLimit(db, policy, request.sessionUser!, request.body.creditsLimit),
  );
  app.get(
    '/admin/candidates/:id/credits',
    { schema: { tags, params: idParamSchema, response: { 200: candidateCreditsSchema } } },
    (request) => candidateCredits(db, policy, request.params.id, app.deps.now()),
  );
  app.put(
    '/admin/candidates/:id/credits',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: creditsLimitBodySchema,
        response: { 200: candidateCreditsSchema },
      },
    },
    (request) =>
      setCandidateLimit(
        db,
        policy,
        request.sessionUser!,
        request.params.id,
        request.body.creditsLimit,
        app.deps.now(),
      ),
  );
};
