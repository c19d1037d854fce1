import type { FastifyInstance } from 'fastify';
import { createSandbox, type Sandbox } from '../sandbox';
import { codingRoutes } from './routes';

/**
 * The coding round's sandbox (issue 16, decision 031): it starts with the first need (a coding
 * question on screen, or a run), not with the process (most processes and every test app never
 * run code), and stops with it. CODE_PYTHON says whether Python runs (start.ts logs why not).
 */
export async function registerCoding(app: FastifyInstance) {
  let sandbox: Sandbox | null = null;
  const open = () => (sandbox ??= createSandbox({ python: app.deps.config.CODE_PYTHON }));
  app.addHook('onClose', async () => {
    await sandbox?.close();
  });
  await app.register(codingRoutes, {
    prefix: '/api',
    sandbox: {
      run: (request, options) => open().run(request, options),
      prepare: () => open().prepare(),
    },
  });
}
