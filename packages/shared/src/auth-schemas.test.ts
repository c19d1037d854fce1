import { describe, expect, it } from 'vitest';
import {
  adminSignInSchema,
  passwordChecklist,
  profileSchema,
  signInSchema,
  signUpSchema,
} from './auth-schemas';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  // The first problem of each field is the one a form shows.
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const valid = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com ',
  password: 'Secret1!x',
  confirmPassword: 'Secret1!x',
  experienceLevel: 'mid',
};

describe('sign-up schema', () => {
  it('accepts a valid candidate and normalises the e-mail', () => {
    const r = signUpSchema.parse(valid);
    expect(r.email).toBe('ada@example.com');
  });
  it('names each broken rule with the spec message', () => {
    const r = signUpSchema.safeParse({
      ...valid,
      firstName: 'A',
      lastName: 'L0velace',
      password: 'secret1!x',
      confirmPassword: 'other',
      experienceLevel: 'guru',
    });
    const m = messages(r);
    expect(m.firstName).toBe('First name must be at least 2 characters');
    expect(m.lastName).toBe('Last name can only contain letters and spaces');
    expect(m.password).toBe('Password must contain an uppercase letter');
    expect(m.experienceLevel).toBe('Please select a valid experience level');
  });
  it('requires matching confirmation', () => {
    expect(
      messages(signUpSchema.safeParse({ ...valid, confirmPassword: 'Secret1!y' })).confirmPassword,
    ).toBe('Passwords must match');
    expect(
      messages(signUpSchema.safeParse({ ...valid, confirmPassword: '' })).confirmPassword,
    ).toBe('Please confirm your password');
  });
  it('requires a special character from the spec list', () => {
    expect(
      messages(
        signUpSchema.safeParse({ ...valid, password: 'Secret12x', confirmPassword: 'Secret12x' }),
      ).password,
    ).toBe('Password must contain a special character');
  });
  it('reports the checklist', () => {
    expect(passwordChecklist('abc').map((c) => c.met)).toEqual([false, false, true, false]);
    expect(passwordChecklist('Abcdefg1').every((c) => c.met)).toBe(true);
  });
});

describe('sign-in schemas', () => {
  it('candidate: required and format messages', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages(signInSchema.safeParse({ email: 'nope', password: 'x' })).email).toBe(
      'Please enter a valid email address',
    );
  });
  it('admin: an @ and six characters', () => {
    expect(messages(adminSignInSchema.safeParse({ email: 'admin', password: '12345' }))).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });
});

describe('profile schema', () => {
  it('limits bio and location and checks URLs', () => {
    const m = messages(
      profileSchema.safeParse({
        firstName: '',
        lastName: 'X',
        experienceLevel: 'mid',
        bio: 'b'.repeat(501),
        location: 'l'.repeat(101),
        githubUrl: 'not a url',
      }),
    );
    expect(m).toMatchObject({
      firstName: 'First name is required',
      bio: 'Bio must be at most 500 characters',
      location: 'Location must be at most 100 characters',
      githubUrl: 'Must be a valid URL',
    });
  });
});
