import {
  assignableSetsResponseSchema,
  assignmentGridSchema,
  assignmentInputSchema,
  assignmentSchema,
  assignmentSetParamsSchema,
  assignmentsQuerySchema,
  assignmentsResponseSchema,
  assignmentUpdateSchema,
  createInterviewResponseSchema,
  idParamSchema,
  myAssignmentsResponseSchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../cohorts';
import { creditPolicy } from '../credits';
import { assignmentGrid, gridCsv } from './grid';
import { myAssignments, startAssigned } from './mine';
import {
  assignableSets,
  createAssignment,
  deleteAssignment,
  getAssignment,
  listAssignments,
  updateAssignment,
} from './service';

/**
 * Assignments (issue 31, slice 2): staff routes, where a coach reaches only the assignments of
 * the cohorts they coach (another's is not found, decision 046), every change audited; and the
 * candidate's "Assigned to you" with Start.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config } = app.deps;
  const tags = ['admin: assignments'];

  await app.register(async (plain) => {
    const staff = plain.withTypeProvider<ZodTypeProvider>();
    staff.addHook('onRequest', guards.staff);
    staff.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    staff.get(
      '/admin/assignments',
      {
        schema: {
          tags,
          querystring: assignmentsQuerySchema,
          response: { 200: assignmentsResponseSchema },
        },
      },
      (r) => listAssignments(db, scopeOf(r.sessionUser!), r.query.cohortId),
    );
    staff.get(
      '/admin/assignments/sets',
      { schema: { tags, response: { 200: assignableSetsResponseSchema } } },
      () => assignableSets(db),
    );
    staff.post(
      '/admin/assignments',
      { schema: { tags, body: assignmentInputSchema, response: { 201: assignmentSchema } } },
      async (r, reply) =>
        reply
          .status(201)
          .send(await createAssignment(db, r.sessionUser!, scopeOf(r.sessionUser!), r.body)),
    );
    staff.get(
      '/admin/assignments/:id',
      { schema: { tags, params: idParamSchema, response: { 200: assignmentSchema } } },
      (r) => getAssignment(db, scopeOf(r.sessionUser!), r.params.id),
    );
    staff.put(
      '/admin/assignments/:id',
      {
        schema: {
          tags,
          params: idParamSchema,
          body: assignmentUpdateSchema,
          response: { 200: assignmentSchema },
        },
      },
      (r) => updateAssignment(db, r.sessionUser!, scopeOf(r.sessionUser!), r.params.id, r.body),
    );
    staff.delete(
      '/admin/assignments/:id',
      { schema: { tags, params: idParamSchema } },
      async (r, reply) => {
        await deleteAssignment(db, r.sessionUser!, scopeOf(r.sessionUser!), r.params.id);
        return reply.status(204).send();
      },
    );
    staff.get(
      '/admin/assignments/:id/grid',
      { schema: { tags, params: idParamSchema, response: { 200: assignmentGridSchema } } },
      (r) => assignmentGrid(db, scopeOf(r.sessionUser!), r.params.id),
    );
    staff.get(
      '/admin/assignments/:id/grid.csv',
      { schema: { tags, params: idParamSchema } },
      async (r, reply) => {
        const grid = await assignmentGrid(db, scopeOf(r.sessionUser!), r.params.id);
        reply.header('content-type', 'text/csv; charset=utf-8');
        reply.header(
          'content-disposition',
          `attachment; filename="candor-assignment-${r.params.id.slice(0, 8)}.csv"`,
        );
        return reply.send(gridCsv(grid));
      },
    );
  });

  await app.register(async (plain) => {
    const candidate = plain.withTypeProvider<ZodTypeProvider>();
    candidate.addHook('onRequest', guards.candidate);
    const mineTags = ['assignments'];
    candidate.get(
      '/assignments',
      { schema: { tags: mineTags, response: { 200: myAssignmentsResponseSchema } } },
      (r) => myAssignments(db, r.sessionUser!.id, app.deps.now()),
    );
    candidate.post(
      '/assignments/:id/sets/:setId/start',
      {
        schema: {
          tags: mineTags,
          params: assignmentSetParamsSchema,
          response: { 200: createInterviewResponseSchema },
        },
      },
      (r) =>
        startAssigned(
          db,
          {
            policy: creditPolicy(config),
            now: app.deps.now(),
            coachesMayListen: config.COACH_REVIEW_RECORDINGS,
          },
          r.sessionUser!.id,
          r.params.id,
          r.params.setId,
        ),
    );
  });
};
