import { dataExportFileName, deleteAccountSchema } from '@candor/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deleteOwnAccount, deletionInfo, exportData } from './service';

/** A person's own account: "Download my data" and "Delete my account" (Settings). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, auth, config, now } = app.deps;
  app.addHook('onRequest', guards.candidate);
  const tags = ['users'];

  app.get('/user/account', { schema: { tags } }, (request) =>
    deletionInfo(db, request.sessionUser!.id),
  );

  app.get('/user/export', { schema: { tags } }, async (request, reply) => {
    const at = now();
    const data = await exportData(db, request.sessionUser!.id, at);
    // Personal data: never kept by a browser or proxy cache.
    reply.header('cache-control', 'no-store');
    reply.header('content-disposition', `attachment; filename="${dataExportFileName(at)}"`);
    return data;
  });

  app.delete('/user/account', { schema: { tags, body: deleteAccountSchema } }, (request) =>
    deleteOwnAccount(
      { db, auth: auth.candidate, dataDir: config.DATA_DIR, recordings: app.deps.recordings },
      request.sessionUser!.id,
      request.body,
    ),
  );
};
