import { createAuthClient } from 'better-auth/react';

// Two clients, two cookies: the candidate app and the admin portal keep separate sign-in state.
export const candidateAuth = createAuthClient({ basePath: '/api/auth' });

export const adminAuth = createAuthClient({ basePath: '/api/admin-auth' });
