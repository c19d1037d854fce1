import type { profileSchema } from '@candor/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { getPublicUser } from '../users';

/**
 * Saves the candidate's profile fields. E-mail cannot be changed: the profile schema has no
 * e-mail field, so an `email` in the body is dropped by validation and ignored (not refused), which
 * keeps clients that send the whole user object (as the specification's client does) working.
 * Blank optional fields are stored as null.
 */
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
