import {
  candidateAttemptParamsSchema,
  coachFeedbackInputSchema,
  coachFeedbackNoticesSchema,
  coachFeedbackResponseSchema,
  idParamSchema,
  rubricInputSchema,
  rubricListSchema,
  rubricSchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUrl } from '../../config';
import { createRubric, deleteRubric, listRubrics, updateRubric } from './rubrics';
import { markSeen, ownFeedback, saveFeedback, staffFeedback, unreadFeedback } from './service';

/**
 * Coach feedback, the staff's side (decision 046's scope): an administrator, or a coach for their
 * cohorts' candidates, reads and writes the feedback on a report; both edit the rubric library.
 */
export const coachFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, mailer, config } = app.deps;
  const deps = { db, mailer, publicUrl: publicUrl(config), log: app.log };
  app.addHook('onRequest', guards.staff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['admin: coach feedback'];
  const url = '/admin/candidates/:id/attempts/:attemptId/feedback';

  app.get(
    url,
    {
      schema: {
        tags,
        params: candidateAttemptParamsSchema,
        response: { 200: coachFeedbackResponseSchema },
      },
    },
    (r) => staffFeedback(db, r.sessionUser!, r.params.id, r.params.attemptId),
  );
  app.put(
    url,
    {
      schema: {
        tags,
        params: candidateAttemptParamsSchema,
        body: coachFeedbackInputSchema,
        response: { 200: coachFeedbackResponseSchema },
      },
    },
    (r) => saveFeedback(deps, r.sessionUser!, r.params.id, r.params.attemptId, r.body),
  );
  app.get('/admin/rubrics', { schema: { tags, response: { 200: rubricListSchema } } }, () =>
    listRubrics(db),
  );
  app.post(
    '/admin/rubrics',
    { schema: { tags, body: rubricInputSchema, response: { 201: rubricSchema } } },
    async (r, reply) => reply.status(201).send(await createRubric(db, r.sessionUser!, r.body)),
  );
  app.put(
    '/admin/rubrics/:id',
    {
      schema: {
        tags,
        params: idParamSchema,
        body: rubricInputSchema,
        response: { 200: rubricSchema },
      },
    },
    (r) => updateRubric(db, r.sessionUser!, r.params.id, r.body),
  );
  app.delete(
    '/admin/rubrics/:id',
    { schema: { tags, params: idParamSchema } },
    async (r, reply) => {
      await deleteRubric(db, r.sessionUser!, r.params.id);
      return reply.status(204).send();
    },
  );
};

const attemptParams = z.object({ id: z.uuid('id must be the id of one of your interviews') });

/** Coach feedback, the candidate's side: on their own reports only, and the dashboard's notices. */
export const candidateFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', app.deps.guards.candidate);
  const tags = ['coach feedback'];
  app.get(
    '/report/interview/:id/coach-feedback',
    { schema: { tags, params: attemptParams, response: { 200: coachFeedbackResponseSchema } } },
    (r) => ownFeedback(db, r.sessionUser!.id, r.params.id),
  );
  app.post(
    '/report/interview/:id/coach-feedback/seen',
    { schema: { tags, params: attemptParams } },
    async (r, reply) => {
      await markSeen(db, r.sessionUser!.id, r.params.id, app.deps.now());
      return reply.status(204).send();
    },
  );
  app.get(
    '/user/coach-feedback',
    { schema: { tags, response: { 200: coachFeedbackNoticesSchema } } },
    (r) => unreadFeedback(db, r.sessionUser!.id),
  );
};
