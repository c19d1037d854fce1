import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createDrillResponseSchema, drillPlanSchema } from '@candor/shared';
import { creditPolicy } from '../credits';
import { createDrill, drillOf, drillPreview } from './service';

const idParams = z.object({ id: z.string() });

/**
 * Practise next as a drill (issue 30, decision 045): what a drill would hold, the drill started
 * (charged like any attempt), and why each question of a drill is in it. The candidate's own.
 */
export const drillRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', app.deps.guards.candidate);

  app.get(
    '/user/drill',
    { schema: { tags: ['drills'], response: { 200: drillPlanSchema } } },
    async (request) => drillPreview(db, request.sessionUser!.id),
  );

  app.post(
    '/user/drills',
    { schema: { tags: ['drills'], response: { 200: createDrillResponseSchema } } },
    async (request) =>
      createDrill(
        db,
        {
          policy: creditPolicy(app.deps.config),
          now: app.deps.now(),
          coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
        },
        request.sessionUser!.id,
      ),
  );

  app.get(
    '/interview/:id/drill',
    { schema: { tags: ['drills'], params: idParams, response: { 200: drillPlanSchema } } },
    async (request) => drillOf(db, request.sessionUser!.id, request.params.id),
  );
};
