import { describe, expect, it } from 'vitest';
import {
  PASSWORD_RULES,
  adminSignInSchema,
  characterCount,
  cleanProvidedName,
  passwordChecklist,
  passwordSchema,
  personNameSchema,
  profileSchema,
  signInSchema,
  signUpRequestSchema,
  signUpSchema,
} from './auth-schemas';
import { adminProfileSchema } from './progress';

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
    expect(m.lastName).toBe('Last name can only contain letters, spaces, hyphens and apostrophes');
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
    expect(passwordChecklist('abc').map((c) => c.met)).toEqual([false, false, true, false, false]);
    expect(passwordChecklist('Abcdefg1').map((c) => c.met)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(passwordChecklist('Abcdefg1!').every((c) => c.met)).toBe(true);
  });
});

describe('password rules: the checklist and the server check are one list', () => {
  const cases = [
    '',
    'short1!A',
    'alllowercase1!',
    'ALLUPPERCASE1!',
    'NoDigitsHere!',
    'NoSpecial123',
    'Has-Hyphen1',
    'Under_score1',
    'Plus+sign1x',
    'Пароль-надёжный1',
    'Spaces are not special 1A',
    `A1!${'a'.repeat(130)}`,
    'Secret1!x',
  ];
  it.each(cases)('%j: the schema refuses exactly what the checklist leaves unmet', (password) => {
    const unmet = passwordChecklist(password).filter((c) => !c.met);
    const result = passwordSchema.safeParse(password);
    expect(result.success).toBe(unmet.length === 0);
    expect(result.error?.issues.length ?? 0).toBe(unmet.length);
  });
  it('shows the special character, and each rule has the message the server sends', () => {
    expect(passwordChecklist('').map((c) => c.label)).toEqual([
      '8 to 128 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'One special character (e.g. ! @ # $ -)',
    ]);
    expect(PASSWORD_RULES.map((r) => r.message('x'.repeat(200)))).toEqual([
      'Password must be at most 128 characters',
      'Password must contain an uppercase letter',
      'Password must contain a lowercase letter',
      'Password must contain a number',
      'Password must contain a special character',
    ]);
  });
  it('counts a hyphen, an underscore or a plus as special, never a space', () => {
    for (const ok of ['Secret1-x', 'Secret1_x', 'Secret1+x', 'Secret1!x', 'Secret1"x'])
      expect(passwordSchema.safeParse(ok).success, ok).toBe(true);
    expect(passwordSchema.safeParse('Secret1 x').success).toBe(false);
  });
});

describe('names for real people', () => {
  const first = personNameSchema('First name');
  const last = personNameSchema('Last name');
  const problem = (schema: typeof first, value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message;

  it.each([
    'Zoë',
    "O'Brien-Smith",
    'O’Brien',
    'Nguyễn',
    'José María',
    '王',
    '김',
    '山田',
    'Владимир',
    'محمد',
    'प्रिया',
    'Ngũgĩ wa Thiong’o',
    "Zoë O'Brien-Smith",
  ])('accepts %j as it is written', (name) => {
    expect(first.parse(name)).toBe(name);
    expect(last.parse(name)).toBe(name);
  });

  it('normalises: NFC, trimmed, one space between words', () => {
    const decomposed = 'Zoe\u0308'; // e + combining diaeresis
    expect(decomposed).not.toBe('Zoë');
    expect(first.parse(decomposed)).toBe('Zoë');
    expect(first.parse('  José \t  María ')).toBe('José María');
    expect(first.parse('Nguye\u0302\u0303n')).toBe('Nguyễn');
  });

  it('counts user-perceived characters, 2 to 50', () => {
    expect(characterCount('Zoe\u0308')).toBe(3);
    expect(characterCount('Nguye\u0302\u0303n')).toBe(6);
    expect(problem(first, 'A')).toBe('First name must be at least 2 characters');
    expect(problem(last, ' Ö ')).toBe('Last name must be at least 2 characters');
    // 50 letters each written with a combining mark: 100 code units, 50 characters.
    const fifty = 'e\u0301'.repeat(50);
    expect(first.safeParse(fifty).success).toBe(true);
    expect(problem(first, fifty + 'e')).toBe('First name must be at most 50 characters');
  });

  it('refuses a megabyte-long name before counting its characters (counting is quadratic)', () => {
    // Counting a million characters with Intl.Segmenter takes minutes: this would time out.
    expect(problem(last, 'y'.repeat(1_000_000))).toBe('Last name must be at most 50 characters');
    expect(problem(last, 'Zoë'.repeat(300_000))).toBe('Last name must be at most 50 characters');
    // White space around a name is not held against it.
    expect(last.safeParse(`${' '.repeat(5_000)}Nguyễn${' '.repeat(5_000)}`).data).toBe('Nguyễn');
  });

  it.each([
    ['', 'First name is required'],
    ['   ', 'First name is required'],
    [undefined, 'First name is required'],
    ['R2D2', 'First name can only contain letters, spaces, hyphens and apostrophes'],
    ['😀😀', 'First name can only contain letters, spaces, hyphens and apostrophes'],
    ['Zoë 🚀', 'First name can only contain letters, spaces, hyphens and apostrophes'],
    ['<b>Ada</b>', 'First name can only contain letters, spaces, hyphens and apostrophes'],
    ['Ada\u0000', 'First name can only contain letters, spaces, hyphens and apostrophes'],
    ['Ada\u202eLove', 'First name can only contain letters, spaces, hyphens and apostrophes'],
    ["--'", 'First name must contain a letter'],
  ])('refuses %j: %s', (value, message) => {
    expect(problem(first, value)).toBe(message);
  });

  it('is the rule of sign-up, the profile and the admin profile', () => {
    const name = { firstName: ' Zoe\u0308 ', lastName: "O'Brien-Smith" };
    const signUp = signUpRequestSchema.parse({
      ...name,
      email: 'zoe@example.com',
      password: 'Secret1!x',
    });
    expect([signUp.firstName, signUp.lastName]).toEqual(['Zoë', "O'Brien-Smith"]);
    const profile = profileSchema.parse({ ...name, experienceLevel: 'mid' });
    expect([profile.firstName, profile.lastName]).toEqual(['Zoë', "O'Brien-Smith"]);
    expect(adminProfileSchema.parse(name)).toEqual({ firstName: 'Zoë', lastName: "O'Brien-Smith" });
    for (const schema of [profileSchema, adminProfileSchema]) {
      const m = messages(
        schema.safeParse({ firstName: 'R2', lastName: '<i>x</i>', experienceLevel: 'mid' }),
      );
      expect(m.firstName).toBe(
        'First name can only contain letters, spaces, hyphens and apostrophes',
      );
      expect(m.lastName).toBe(
        'Last name can only contain letters, spaces, hyphens and apostrophes',
      );
    }
  });
});

describe("a provider's display name", () => {
  it.each([
    ['Zoë', 'Zoë'],
    ['  Nguyễn  ', 'Nguyễn'],
    ['ada99', 'ada'],
    ['🚀 Ada', 'Ada'],
    ['<script>', 'script'],
    ['42', null],
    ['🚀', null],
    ['A', null],
    ['', null],
    [null, null],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanProvidedName(raw)).toBe(cleaned);
  });
  it('keeps at most 50 characters', () => {
    expect(characterCount(cleanProvidedName('é'.repeat(80))!)).toBe(50);
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
