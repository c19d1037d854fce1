import type { ExperienceLevel, Role, Theme, UserStatus } from './constants';
import type { Patience } from './end-of-turn/wait';
import type { ApiErrorCode } from './errors';

/** The user as `GET /api/auth/me` returns it. */
export interface PublicUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  role: Role;
  status: UserStatus;
  experienceLevel: ExperienceLevel;
  bio: string | null;
  location: string | null;
  githubUrl: string | null;
  linkedinUrl: string | null;
  twitterUrl: string | null;
  theme: Theme;
  /** How long the interviewer waits at the end of an answer (decision 037). */
  patience: Patience;
  createdAt: string;
}

/** What PUT /api/user/preferences answers: the settings as stored. */
export interface PreferencesResponse {
  success: true;
  theme: Theme;
  patience: Patience;
}

export interface MeResponse {
  success: true;
  user: PublicUser;
}

/** What `GET /api/<portal>/session-profile` answers: who is signed in to the portal, or null. */
export interface SessionProfileResponse {
  success: true;
  user: PublicUser | null;
}

export interface AuthProvidersResponse {
  emailPassword: true;
  google: boolean;
  github: boolean;
  /** Generic OIDC sign-in for organisations, with the button label to show. */
  oidc: { providerId: string; name: string } | null;
}

/**
 * What every request made with the session of a deactivated account gets: 403 with this code and
 * message (the web app signs out and shows the message on /login; the live channel sends an error
 * frame with code `account_disabled` and closes).
 */
export const ACCOUNT_DISABLED = {
  code: 'ACCOUNT_DISABLED',
  message: 'This account has been disabled',
} as const satisfies { code: ApiErrorCode; message: string };

/** The code of a 429 from the sign-in, sign-up and password-reset doors (the body says how long). */
export const RATE_LIMITED = 'RATE_LIMITED' satisfies ApiErrorCode;

/** "4 minutes", "1 minute", "45 seconds": how long to wait, rounded up, in words. */
export function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? '1 second' : `${s} seconds`;
  const minutes = Math.ceil(s / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
