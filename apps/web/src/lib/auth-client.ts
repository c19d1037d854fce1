import { createAuthClient } from 'better-auth/react';

// Looked up at call time rather than captured when the client is created, so a fetch installed
// later (a polyfill, or the HTTP stand-in of the component tests) is the one used.
const fetchOptions = { customFetchImpl: (...args: Parameters<typeof fetch>) => fetch(...args) };

// Two clients, two cookies: the candidate app and the admin portal keep separate sign-in state.
export const candidateAuth = createAuthClient({ basePath: '/api/auth', fetchOptions });

export const adminAuth = createAuthClient({ basePath: '/api/admin-auth', fetchOptions });
