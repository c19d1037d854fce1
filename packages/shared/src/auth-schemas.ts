import { z } from 'zod';
import { EXPERIENCE_LEVELS, LIMITS, THEMES } from './constants';

const NAME_PATTERN = /^[A-Za-z ]+$/;
export const PASSWORD_SPECIAL = /[!@#$%^&*(),.?":{}|<>]/;

const personName = (label: 'First name' | 'Last name') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .min(LIMITS.nameMin, `${label} must be at least ${LIMITS.nameMin} characters`)
    .max(LIMITS.nameMax, `${label} must be at most ${LIMITS.nameMax} characters`)
    .regex(NAME_PATTERN, `${label} can only contain letters and spaces`);

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .regex(/[a-z]/, 'Password must contain a lowercase letter')
  .regex(/[A-Z]/, 'Password must contain an uppercase letter')
  .regex(/[0-9]/, 'Password must contain a number')
  .regex(PASSWORD_SPECIAL, 'Password must contain a special character');

export const experienceLevelSchema = z.enum(EXPERIENCE_LEVELS, {
  error: 'Please select a valid experience level',
});

/** The checklist shown under the password field on sign-up. */
export function passwordChecklist(password: string) {
  return [
    { label: 'At least 8 characters', met: password.length >= LIMITS.passwordMin },
    { label: 'One uppercase letter', met: /[A-Z]/.test(password) },
    { label: 'One lowercase letter', met: /[a-z]/.test(password) },
    { label: 'One number', met: /[0-9]/.test(password) },
  ];
}

/** What the server checks on sign-up (the form adds the confirmation). */
export const signUpRequestSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailSchema,
  password: passwordSchema,
  experienceLevel: experienceLevelSchema.default('mid'),
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

export const preferencesSchema = z.object({
  theme: z.enum(THEMES, { error: 'Theme must be system, light or dark' }),
});

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
  firstName: z.string().trim().min(1, 'First name is required').max(LIMITS.nameMax),
  lastName: z.string().trim().min(1, 'Last name is required').max(LIMITS.nameMax),
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
