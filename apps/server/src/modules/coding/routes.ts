import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attemptCodingSchema, codeRunBodySchema, codeRunSchema } from '@candor/shared';
import { loadOwned } from '../interviews';
import { attemptCoding, runCode, type CodingDeps } from './service';

export type CodingRoutesOptions = Omit<CodingDeps, 'db'>;

const idParams = z.object({ id: z.string().max(100) });

/**
 * The coding round (issue 16): `GET /api/interview/:id/coding` (the attempt's coding questions,
 * without hidden tests, and the runs so far) and `POST /api/interview/:id/code-runs` (run the
 * examples or submit, on the server's sandbox).
 */
export const codingRoutes: FastifyPluginAsyncZod<CodingRoutesOptions> = async (app, options) => {
  const deps: CodingDeps = { db: app.deps.db, ...options };
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', app.deps.guards.candidate);
    const tags = ['coding'];

    scope.get(
      '/interview/:id/coding',
      { schema: { tags, params: idParams, response: { 200: attemptCodingSchema } } },
      async (request) => attemptCoding(deps, request.sessionUser!.id, request.params.id),
    );

    scope.post(
      '/interview/:id/code-runs',
      {
        schema: {
          tags,
          params: idParams,
          body: codeRunBodySchema,
          response: { 201: codeRunSchema },
        },
        // Someone else's attempt is refused before its body is judged: a stranger learns nothing.
        preValidation: async (request) => {
          const { id } = request.params as { id: string };
          await loadOwned(app.deps.db, request.sessionUser!.id, id);
        },
      },
      async (request, reply) => {
        // The client gave up (closed the connection) before the answer: a waiting run is dropped.
        const abandoned = new AbortController();
        const onClose = () => {
          if (!reply.raw.writableFinished) abandoned.abort();
        };
        reply.raw.once('close', onClose);
        try {
          const run = await runCode(
            deps,
            request.sessionUser!.id,
            request.params.id,
            request.body,
            abandoned.signal,
          );
          return await reply.code(201).send(run);
        } finally {
          reply.raw.off('close', onClose);
        }
      },
    );
  });
};
