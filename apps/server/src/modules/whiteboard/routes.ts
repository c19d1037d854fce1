import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  WHITEBOARD_LIMITS,
  whiteboardQuerySchema,
  whiteboardSaveSchema,
  whiteboardSavedSchema,
  whiteboardSchema,
} from '@candor/shared';
import { loadOwned } from '../interviews';
import { getWhiteboard, saveWhiteboard } from './service';

const idParams = z.object({ id: z.string().max(100) });

/**
 * The whiteboard of a system-design question (issue 29): `GET /api/interview/:id/whiteboard`
 * (the saved scene and its version) and `PUT /api/interview/:id/whiteboard` (save a new version).
 */
export const whiteboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', app.deps.guards.candidate);
    const tags = ['whiteboard'];
    // Someone else's attempt is refused before its input is judged: a stranger learns nothing.
    const ownerFirst = async (request: {
      params: unknown;
      sessionUser?: { id: string } | null;
    }) => {
      const { id } = request.params as { id: string };
      await loadOwned(db, request.sessionUser!.id, id);
    };

    scope.get(
      '/interview/:id/whiteboard',
      {
        schema: {
          tags,
          params: idParams,
          querystring: whiteboardQuerySchema,
          response: { 200: whiteboardSchema },
        },
        preValidation: ownerFirst,
      },
      async (request) =>
        getWhiteboard(db, request.sessionUser!.id, request.params.id, request.query.questionIndex),
    );

    scope.put(
      '/interview/:id/whiteboard',
      {
        schema: {
          tags,
          params: idParams,
          body: whiteboardSaveSchema,
          response: { 200: whiteboardSavedSchema },
        },
        // The scene's own limit is checked on its JSON; this only stops a body far past it early.
        bodyLimit: WHITEBOARD_LIMITS.sceneMaxBytes + 64 * 1024,
        preValidation: ownerFirst,
      },
      async (request) =>
        saveWhiteboard(db, request.sessionUser!.id, request.params.id, request.body),
    );
  });
};
