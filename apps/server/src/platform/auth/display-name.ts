import { cleanProvidedName } from '@candor/shared';

/** The spec's first name when a provider shares no usable name. */
export const FALLBACK_FIRST_NAME = 'User';

/**
 * A Google/GitHub/OIDC display name as our first and last name: the first word is the first name,
 * the rest the last name ("Ada King Lovelace" → 'Ada', 'King Lovelace'), each cleaned to what the
 * shared name rule accepts (NFC, no digits, emoji or markup, at most 50 characters). A first name
 * with nothing usable left is 'User'; a last name, empty (the candidate completes it in Settings).
 */
export function splitDisplayName(name: string | null | undefined): {
  firstName: string;
  lastName: string;
} {
  const words = (cleanProvidedName(name) ?? '').split(' ').filter(Boolean);
  return {
    firstName: cleanProvidedName(words[0]) ?? FALLBACK_FIRST_NAME,
    lastName: cleanProvidedName(words.slice(1).join(' ')) ?? '',
  };
}
