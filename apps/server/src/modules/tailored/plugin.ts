import type { FastifyInstance } from 'fastify';
import type { AiProvider } from '../../ai/provider';
import { createDocumentReader, type DocumentReaderOptions } from '../documents';
import { tailoredRoutes } from './routes';

/**
 * Tailored interviews (issue 15): a job description is read by the configured model when there is
 * one (never by the builtin); résumé files by child processes with caps (modules/documents,
 * decision 036), started at the first upload and stopped with the app.
 */
export async function registerTailored(
  app: FastifyInstance,
  options: { provider: AiProvider; reader?: DocumentReaderOptions },
) {
  const documents = createDocumentReader({ log: app.log, ...options.reader });
  app.addHook('onClose', () => documents.close());
  await app.register(tailoredRoutes, { prefix: '/api', provider: options.provider, documents });
}
