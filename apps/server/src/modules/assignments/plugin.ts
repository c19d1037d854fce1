import type { FastifyInstance } from 'fastify';
import { publicUrl } from '../../config';
import { scheduleLoop } from '../../platform/scheduler';
import { reminderLoop } from './reminders';
import { assignmentRoutes } from './routes';

/**
 * Assignments (modules/assignments): their routes, and the reminder e-mails' loop, which starts
 * with the app and stops when it closes, like the other sweeps.
 */
export async function registerAssignments(app: FastifyInstance): Promise<void> {
  const { db, mailer, now, config } = app.deps;
  scheduleLoop(app, reminderLoop({ db, mailer, now, log: app.log, publicUrl: publicUrl(config) }));
  await app.register(assignmentRoutes, { prefix: '/api' });
}
