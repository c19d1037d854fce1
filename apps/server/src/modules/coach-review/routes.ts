import { Readable } from 'node:stream';
import {
  candidateAttemptParamsSchema,
  coachCandidateSchema,
  coachReportSchema,
  historyQuerySchema,
  historyResponseSchema,
  idParamSchema,
  resultsExportQuerySchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditPolicy } from '../credits';
import { coachAttempts, coachCandidate, coachReport, resultsCsv } from './service';

/**
 * Coach review: administrators and coaches read a candidate's progress, attempts and reports and
 * export results; each read is recorded in the audit log (modules/audit). A coach reads only the
 * candidates of their cohorts (decision 046): any other is not found. Never cached: every read
 * must reach the service, which records it.
 */
export const coachReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  const deps = {
    db,
    credits: () => ({ policy: creditPolicy(app.deps.config), now: app.deps.now() }),
    coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
  };
  app.addHook('onRequest', guards.staff);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const tags = ['admin: coach review'];

  app.get(
    '/admin/candidates/:id',
    { schema: { tags, params: idParamSchema, response: { 200: coachCandidateSchema } } },
    (request) => coachCandidate(deps, request.sessionUser!, request.params.id),
  );
  app.get(
    '/admin/candidates/:id/attempts',
    {
      schema: {
        tags,
        params: idParamSchema,
        querystring: historyQuerySchema,
        response: { 200: historyResponseSchema },
      },
    },
    (request) => coachAttempts(deps, request.sessionUser!, request.params.id, request.query),
  );
  app.get(
    '/admin/candidates/:id/attempts/:attemptId/report',
    {
      schema: { tags, params: candidateAttemptParamsSchema, response: { 200: coachReportSchema } },
    },
    (request) =>
      coachReport(deps, request.sessionUser!, request.params.id, request.params.attemptId),
  );
  app.get(
    '/admin/results.csv',
    { schema: { tags, querystring: resultsExportQuerySchema } },
    async (request, reply) => {
      const rows = resultsCsv(deps, request.sessionUser!, request.query);
      // The first chunk (the audit entry, then the header row) is awaited here, so a database
      // failure before any byte is sent still answers through the error handler.
      const first = await rows.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* rows;
      }
      const stamp = new Date().toISOString().slice(0, 10);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="candor-results-${stamp}.csv"`);
      return reply.send(Readable.from(all()));
    },
  );
};
