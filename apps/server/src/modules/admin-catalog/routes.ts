import {
  catalogueExportSchema,
  categoryInputSchema,
  categoryUpdateSchema,
  idParamSchema,
  interviewIdParamSchema,
  interviewSetInputSchema,
  interviewSetUpdateSchema,
  questionCreateSchema,
  questionReorderSchema,
  questionUpdateSchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';
import { exportCategory, importCategory } from './import-export';
import {
  createInterviewSet,
  deleteInterviewSet,
  listInterviewSets,
  updateInterviewSet,
} from './interview-sets';
import {
  createQuestion,
  deleteQuestion,
  questionsOfSet,
  reorderQuestions,
  updateQuestion,
} from './questions';

/**
 * The administrators' catalogue: categories, interview sets and questions (never a coach's).
 * Every change is recorded in the audit log with the fields before and after.
 */
export const adminCatalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.addHook('onRequest', guards.admin);
  const tags = ['admin: catalogue'];

  app.get('/admin/categories', { schema: { tags } }, () => listCategories(db));
  app.post(
    '/admin/categories',
    { schema: { tags, body: categoryInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createCategory(db, request.sessionUser!, request.body)),
  );
  app.put(
    '/admin/categories/:id',
    { schema: { tags, params: idParamSchema, body: categoryUpdateSchema } },
    async (request) => {
      const category = await updateCategory(
        db,
        request.sessionUser!,
        request.params.id,
        request.body,
      );
      return { ...category, category };
    },
  );
  app.delete(
    '/admin/categories/:id',
    { schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      await deleteCategory(db, request.sessionUser!, request.params.id);
      return reply.status(204).send();
    },
  );
  app.get('/admin/categories/:id/export', { schema: { tags, params: idParamSchema } }, (request) =>
    exportCategory(db, request.params.id),
  );
  app.post(
    '/admin/categories/import',
    { schema: { tags, body: catalogueExportSchema }, bodyLimit: 5 * 1024 * 1024 },
    async (request, reply) =>
      reply.status(201).send(await importCategory(db, request.sessionUser!, request.body)),
  );

  app.get('/admin/interview-sets', { schema: { tags } }, () => listInterviewSets(db));
  app.post(
    '/admin/interview-sets',
    { schema: { tags, body: interviewSetInputSchema } },
    async (request, reply) =>
      reply.status(201).send(await createInterviewSet(db, request.sessionUser!, request.body)),
  );
  app.put(
    '/admin/interview-sets/:id',
    { schema: { tags, params: idParamSchema, body: interviewSetUpdateSchema } },
    (request) => updateInterviewSet(db, request.sessionUser!, request.params.id, request.body),
  );
  app.delete(
    '/admin/interview-sets/:id',
    { schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      await deleteInterviewSet(db, request.sessionUser!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/admin/questions/:interviewId',
    { schema: { tags, params: interviewIdParamSchema } },
    (request) => questionsOfSet(db, request.params.interviewId),
  );
  app.post(
    '/admin/questions',
    { schema: { tags, body: questionCreateSchema } },
    async (request, reply) =>
      reply.status(201).send(await createQuestion(db, request.sessionUser!, request.body)),
  );
  app.put(
    '/admin/questions/reorder',
    { schema: { tags, body: questionReorderSchema } },
    (request) => reorderQuestions(db, request.sessionUser!, request.body),
  );
  app.put('/admin/questions', { schema: { tags, body: questionUpdateSchema } }, (request) =>
    updateQuestion(db, request.sessionUser!, request.body),
  );
  app.delete(
    '/admin/questions/:id',
    { schema: { tags, params: idParamSchema } },
    async (request, reply) => {
      await deleteQuestion(db, request.sessionUser!, request.params.id);
      return reply.status(204).send();
    },
  );
};
