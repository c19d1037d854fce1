import type { ExperienceLevel, Role, Theme, UserStatus } from './constants';

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
  createdAt: string;
}

export interface MeResponse {
  success: true;
  user: PublicUser;
}

export interface AuthProvidersResponse {
  emailPassword: true;
  google: boolean;
  github: boolean;
  /** Generic OIDC sign-in for organisations, with the button label to show. */
  oidc: { providerId: string; name: string } | null;
}

export interface ApiErrorBody {
  error: string;
  message: string;
  statusCode: number;
  /** Field-level problems of a 400, path joined with dots. */
  fields?: Record<string, string>;
}
