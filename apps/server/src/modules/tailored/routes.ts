import {
  RESUME_LIMITS,
  createInterviewResponseSchema,
  createTailoredInterviewBodySchema,
  idParamSchema,
  jobDescriptionBodySchema,
  resumeUploadQuerySchema,
} from '@candor/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AiProvider } from '../../ai/provider';
import { createThrottle } from '../../platform/auth/throttle';
import { AppError } from '../../platform/errors';
import type { DocumentReader } from '../documents';
import { creditPolicy } from '../credits';
import {
  createTailoredInterview,
  deleteDocument,
  listDocuments,
  saveJobDescription,
  saveResume,
} from './service';

const TOO_LARGE = `A résumé may be at most ${RESUME_LIMITS.maxBytes / 1024 / 1024} MB`;

/**
 * The candidate's documents for tailored interviews (issue 15): a pasted job description, an
 * uploaded résumé (the body is the file itself: PDF, DOCX or text), the list and deletion.
 */
export const tailoredRoutes: FastifyPluginAsyncZod<{
  provider: AiProvider;
  documents: DocumentReader;
}> = async (app, options) => {
  const { db } = app.deps;
  const reading = {
    db,
    provider: options.provider,
    log: app.log,
    throttle: createThrottle(db),
    modelReadsPerDay: app.deps.config.AI_DOCUMENT_READS_PER_DAY,
    documents: options.documents,
  };
  const tags = ['tailored'];
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.addHook('onRequest', app.deps.guards.candidate);

    scope.post(
      '/tailored/job-descriptions',
      { schema: { tags, body: jobDescriptionBodySchema } },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await saveJobDescription(reading, request.sessionUser!.id, request.body.jobDescription),
          ),
    );

    scope.post(
      '/tailored/interviews',
      {
        schema: {
          tags,
          body: createTailoredInterviewBodySchema,
          response: { 201: createInterviewResponseSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(
          await createTailoredInterview(
            db,
            {
              policy: creditPolicy(app.deps.config),
              now: app.deps.now(),
              coachesMayListen: app.deps.config.COACH_REVIEW_RECORDINGS,
            },
            request.sessionUser!.id,
            request.body,
          ),
        ),
    );

    scope.get('/tailored/documents', { schema: { tags } }, async (request) => ({
      documents: await listDocuments(db, request.sessionUser!.id),
    }));

    scope.delete(
      '/tailored/documents/:id',
      { schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        await deleteDocument(db, request.sessionUser!.id, request.params.id);
        return reply.code(204).send();
      },
    );

    await scope.register(async (raw) => {
      const files = raw.withTypeProvider<ZodTypeProvider>();
      // The file arrives as bytes, whatever its declared type: its content decides what it is.
      files.removeAllContentTypeParsers();
      files.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      files.post(
        '/tailored/resumes',
        {
          bodyLimit: RESUME_LIMITS.maxBytes,
          schema: { tags, querystring: resumeUploadQuerySchema },
          // A declared size over the limit is refused before a byte is read, naming the field.
          preParsing: async (request, _reply, payload) => {
            if (Number(request.headers['content-length'] ?? 0) > RESUME_LIMITS.maxBytes) {
              throw new AppError(
                413,
                `file: ${TOO_LARGE}`,
                { file: TOO_LARGE },
                'PAYLOAD_TOO_LARGE',
              );
            }
            return payload;
          },
        },
        async (request, reply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return reply
            .code(201)
            .send(await saveResume(reading, request.sessionUser!.id, request.query.name, body));
        },
      );
    });
  });
};
