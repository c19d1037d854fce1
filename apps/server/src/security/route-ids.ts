/** The rows the security tests make, whose ids go into the routes they call. */
export interface RouteIds {
  attempt: string;
  set: string;
  category: string;
  question: string;
  /** The candidate an administrator's route is about. */
  candidate: string;
  /** A cohort with that candidate in it. */
  cohort: string;
  /** An open assignment of that cohort, of the set `set`. */
  assignment?: string;
}

/** An invite link's code of the right shape that opens nothing. */
export const UNKNOWN_INVITE_TOKEN = 'x'.repeat(43);

/**
 * A catalogue route's, a cohort route's or an administrator's candidate route's path with those
 * ids in its parameters; undefined for any other route (each test fills the rest its own way).
 */
export function fillCatalogueIds(path: string, ids: RouteIds): string | undefined {
  if (path.startsWith('/api/admin/cohorts/'))
    return path
      .replace(':id', ids.cohort)
      .replace(':userId', ids.candidate)
      .replace(':inviteId', crypto.randomUUID());
  if (path.startsWith('/api/admin/assignments/') || path.startsWith('/api/assignments/'))
    return path.replace(':id', ids.assignment ?? crypto.randomUUID()).replace(':setId', ids.set);
  if (path.startsWith('/api/admin/coaches/')) return path.replace(':id', ids.candidate);
  if (path.startsWith('/api/cohort-invites/')) return path.replace(':token', UNKNOWN_INVITE_TOKEN);
  if (path.startsWith('/api/admin/candidates/'))
    return path.replace(':id', ids.candidate).replace(':attemptId', ids.attempt);
  if (path.startsWith('/api/interview/sets/')) return path.replace(':id', ids.set);
  if (path.startsWith('/api/admin/categories/')) return path.replace(':id', ids.category);
  if (path.startsWith('/api/admin/interview-sets/')) return path.replace(':id', ids.set);
  if (path.startsWith('/api/admin/questions/'))
    return path.replace(':interviewId', ids.set).replace(':id', ids.question);
  return undefined;
}

/** A registered LTI platform (decision 047), so the tool's LTI routes exist; it is never reached. */
export const LTI_PLATFORMS_FOR_TESTS = JSON.stringify([
  {
    issuer: 'https://lms.invalid',
    clientId: 'security-tests',
    authUrl: 'https://lms.invalid/authorize',
    tokenUrl: 'https://lms.invalid/token',
    jwksUrl: 'https://lms.invalid/jwks',
    deployments: ['1'],
  },
]);
