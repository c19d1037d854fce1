import { signInSchema } from '@candor/shared';
import { zodResolver } from '@hookform/resolvers/zod';

/** The sign-in form's rules, a chunk of their own: the form loads them on first focus. */
export const signInResolver = zodResolver(signInSchema);
