import { profileSchema } from '@candor/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { getPublicUser } from '../users/service';

/** Updates the profile fields; an `email` in the body is ignored: e-mail cannot be changed. */
export async function updateProfile(db: Db, userId: string, input: z.output<typeof profileSchema>) {
  const blank = (v: string | undefined) =>
    v === undefined ? undefined : v.trim() === '' ? null : v.trim();
  await db
    .update(user)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      experienceLevel: input.experienceLevel,
      bio: blank(input.bio),
      location: blank(input.location),
      githubUrl: blank(input.githubUrl),
      linkedinUrl: blank(input.linkedinUrl),
      twitterUrl: blank(input.twitterUrl),
      ...(input.avatar !== undefined ? { image: blank(input.avatar) } : {}),
    })
    .where(eq(user.id, userId));
  return getPublicUser(db, userId);
}

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards } = app.deps;
  app.put(
    '/user/profile',
    { schema: { tags: ['users'], body: profileSchema }, onRequest: guards.candidate },
    async (request) => ({
      success: true as const,
      user: await updateProfile(db, request.sessionUser!.id, request.body),
    }),
  );
};
