import { z } from 'zod';
import { DEFAULT_EXPERIENCE_LEVEL, EXPERIENCE_LEVELS, LIMITS, THEMES } from './constants';
import { PATIENCES } from './end-of-turn/wait';

// ----- names ------------------------------------------------------------------------------------

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** User-perceived characters ("Zoë" is 3 whether its ë is one code point or two). */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/**
 * A name as stored: NFC (so "Zoë" typed with a combining diaeresis equals the precomposed one),
 * every run of white space one space, trimmed.
 */
export function normalizeName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * Letters of any script with their combining marks (Devanagari vowel signs, Vietnamese tones),
 * spaces, apostrophes (' and ’), hyphens (- ‐ ‑), and the zero-width (non-)joiners Persian and
 * Indic names are written with. Digits, emoji, symbols, markup and control characters are not.
 */
const NAME_CHARACTERS = /^[\p{L}\p{M} '\u2019\-\u2010\u2011\u200c\u200d]*$/u;
const HAS_LETTER = /\p{L}/u;
/**
 * One character of these scripts is a whole syllable and a complete surname or given name (王, 李,
 * 김, 이): the two-character minimum, meant against initials, does not apply to it.
 */
const WHOLE_SYLLABLE =
  /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Yi}]$/u;

function longEnough(name: string): boolean {
  const count = characterCount(name);
  return count >= LIMITS.nameMin || (count === 1 && WHOLE_SYLLABLE.test(name));
}

export type NameField = 'First name' | 'Last name';

/**
 * More code units than any name within the limit can have (a user-perceived character is rarely
 * over 4, a long Devanagari or emoji cluster up to ~10). Counting characters (Intl.Segmenter) takes
 * time growing with the square of the length, so anything longer is refused before it is counted:
 * a megabyte-long name would otherwise hold the server for minutes.
 */
const NAME_CODE_UNITS_MAX = LIMITS.nameMax * 16;

/** The one rule for a person's name, wherever it is entered (sign-up, profile, admin profile). */
export const personNameSchema = (label: NameField) =>
  z
    .string({ error: `${label} is required` })
    .overwrite(normalizeName)
    .refine((v) => v.length <= NAME_CODE_UNITS_MAX, {
      message: `${label} must be at most ${LIMITS.nameMax} characters`,
      abort: true,
    })
    .min(1, `${label} is required`)
    .refine((v) => NAME_CHARACTERS.test(v), {
      message: `${label} can only contain letters, spaces, hyphens and apostrophes`,
    })
    .refine((v) => v === '' || HAS_LETTER.test(v), { message: `${label} must contain a letter` })
    .refine((v) => v === '' || longEnough(v), {
      message: `${label} must be at least ${LIMITS.nameMin} characters`,
    })
    .refine((v) => characterCount(v) <= LIMITS.nameMax, {
      message: `${label} must be at most ${LIMITS.nameMax} characters`,
    });

/**
 * A provider's display name made into a name our rule accepts, or null when nothing usable is
 * left: characters the rule refuses (digits, emoji, markup) are dropped, at most 50 are kept.
 */
export function cleanProvidedName(raw: string | null | undefined): string | null {
  const kept = normalizeName(
    [...graphemes.segment((raw ?? '').slice(0, NAME_CODE_UNITS_MAX).normalize('NFC'))]
      .map(({ segment }) => (NAME_CHARACTERS.test(segment) ? segment : ' '))
      .join(''),
  );
  const clipped = [...graphemes.segment(kept)]
    .slice(0, LIMITS.nameMax)
    .map((g) => g.segment)
    .join('')
    .trim();
  return personNameSchema('First name').safeParse(clipped).success ? clipped : null;
}

// ----- passwords --------------------------------------------------------------------------------

/**
 * Every rule a password must meet, once: the server's schema is built from this list and the
 * sign-up checklist shows exactly these lines. A special character is anything that is not a
 * letter, a digit or white space (the specification's list !@#$%^&*(),.?":{}|<> and also - _ + =
 * ~ and the like; see docs/decisions/015).
 */
export const PASSWORD_RULES = [
  {
    id: 'length',
    label: `${LIMITS.passwordMin} to ${LIMITS.passwordMax} characters`,
    message: (p: string) =>
      p.length > LIMITS.passwordMax
        ? `Password must be at most ${LIMITS.passwordMax} characters`
        : `Password must be at least ${LIMITS.passwordMin} characters`,
    test: (p: string) => p.length >= LIMITS.passwordMin && p.length <= LIMITS.passwordMax,
  },
  {
    id: 'uppercase',
    label: 'One uppercase letter',
    message: () => 'Password must contain an uppercase letter',
    test: (p: string) => /\p{Lu}/u.test(p),
  },
  {
    id: 'lowercase',
    label: 'One lowercase letter',
    message: () => 'Password must contain a lowercase letter',
    test: (p: string) => /\p{Ll}/u.test(p),
  },
  {
    id: 'number',
    label: 'One number',
    message: () => 'Password must contain a number',
    test: (p: string) => /\p{Nd}/u.test(p),
  },
  {
    id: 'special',
    label: 'One special character (e.g. ! @ # $ -)',
    message: () => 'Password must contain a special character',
    test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p),
  },
] as const;

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .superRefine((password, ctx) => {
    for (const rule of PASSWORD_RULES) {
      if (!rule.test(password)) ctx.addIssue({ code: 'custom', message: rule.message(password) });
    }
  });

/** The checklist shown under the password field on sign-up: every rule, met or not. */
export function passwordChecklist(password: string) {
  return PASSWORD_RULES.map((rule) => ({
    id: rule.id,
    label: rule.label,
    met: rule.test(password),
  }));
}

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'));

export const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS, {
  error: 'Please select a valid experience level',
});

/** What the server checks on sign-up (the form adds the confirmation). */
export const signUpRequestSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: emailSchema,
  password: passwordSchema,
  experienceLevel: experienceLevelSchema.default(DEFAULT_EXPERIENCE_LEVEL),
});

export const signUpSchema = signUpRequestSchema
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your password'),
    experienceLevel: experienceLevelSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const adminSignInSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .includes('@', { error: 'Please enter a valid email address' }),
  password: z
    .string()
    .min(
      LIMITS.adminLoginPasswordMin,
      `Password must be at least ${LIMITS.adminLoginPasswordMin} characters`,
    ),
});
export type AdminSignInInput = z.infer<typeof adminSignInSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

/**
 * PUT /api/user/preferences: the candidate's own settings, each changed alone (a field left out
 * stays as it is). `patience`: how long the interviewer waits at the end of an answer (decision 037).
 */
export const preferencesSchema = z.object({
  theme: z.enum(THEMES, { error: 'Theme must be system, light or dark' }).optional(),
  patience: z.enum(PATIENCES, { error: 'Patience must be relaxed, normal or quick' }).optional(),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

export const resetPasswordSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: 'Passwords must match',
    path: ['confirmPassword'],
  });

const optionalUrl = z.union([z.literal(''), z.url('Must be a valid URL')]).optional();

export const profileSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: 'Experience level is required' }),
  bio: z.string().max(LIMITS.bioMax, `Bio must be at most ${LIMITS.bioMax} characters`).optional(),
  location: z
    .string()
    .max(LIMITS.locationMax, `Location must be at most ${LIMITS.locationMax} characters`)
    .optional(),
  githubUrl: optionalUrl,
  linkedinUrl: optionalUrl,
  twitterUrl: optionalUrl,
  avatar: z.union([z.literal(''), z.url('Must be a valid URL')]).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const adminPasswordChangeSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(8, 'Password must be at least 8 characters long'),
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'New passwords do not match',
    path: ['confirmPassword'],
  });
