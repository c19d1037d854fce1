import { COHORT_LIMITS } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { readImport } from './import-text';

const csv = (text: string) => readImport({ format: 'csv', text });
const list = (text: string) => readImport({ format: 'list', text });

describe('reading a CSV of candidates', () => {
  it('finds the e-mail and name columns by their headings, whatever their order and case', () => {
    const entries = csv(
      '\uFEFFLast name,First name,E-mail Address\r\n"O\'Brien-Smith",Zoë,ZOE@School.edu\r\nLovelace,Ada,ada@school.edu\r\n',
    );
    expect(entries).toEqual([
      { line: 2, email: 'zoe@school.edu', name: "Zoë O'Brien-Smith" },
      { line: 3, email: 'ada@school.edu', name: 'Ada Lovelace' },
    ]);
  });

  it('reads semicolons and tabs as spreadsheets write them, and quoted cells holding them', () => {
    expect(csv('Name;Email\n"Kierkegaard; Søren";soren@school.edu\n')).toEqual([
      { line: 2, email: 'soren@school.edu', name: 'Kierkegaard; Søren' },
    ]);
    expect(csv('email\tname\nada@school.edu\tAda Lovelace\n')).toEqual([
      { line: 2, email: 'ada@school.edu', name: 'Ada Lovelace' },
    ]);
  });

  it('composes accents typed as two characters, so Zoë is Zoë however she was typed', () => {
    const [entry] = csv('name,email\nZoe\u0308 Dupont,zoe@school.edu\n');
    expect(entry!.name).toBe('Zoë Dupont');
    expect(entry!.name).toHaveLength(10);
  });

  it('counts lines from where a record starts, through line breaks inside quotes', () => {
    const entries = csv('name,email\n"Ada\nLovelace",ada@school.edu\nGrace,grace@school.edu\n');
    expect(entries.map((e) => [e.line, e.email])).toEqual([
      [2, 'ada@school.edu'],
      [4, 'grace@school.edu'],
    ]);
  });

  it('reads a file without a heading by the cell with an @ in it', () => {
    expect(csv('Zoë,Dupont,zoe@school.edu\nnot a person\n')).toEqual([
      { line: 1, email: 'zoe@school.edu', name: 'Zoë Dupont' },
      { line: 2, email: null, name: 'not a person' },
    ]);
  });

  it('takes formulas and junk for what they are: not addresses (nothing of them is kept)', () => {
    const entries = csv(
      'name,email\n=HYPERLINK("http://evil"),=cmd|\' /C calc\'!A0\n@SUM(1),+1@x\n-2,"ada@school.edu, bob@school.edu"\n',
    );
    expect(entries.map((e) => e.email)).toEqual([null, null, null]);
  });

  it('reports a line longer than the limit instead of reading it', () => {
    const long = `${'a'.repeat(COHORT_LIMITS.importMaxLineChars)}@school.edu`;
    expect(csv(`name,email\nAda,${long}\nGrace,grace@school.edu\n`)).toEqual([
      { line: 2, email: null, name: null },
      { line: 3, email: 'grace@school.edu', name: 'Grace' },
    ]);
  });

  it('refuses more people than one import takes, naming the field', () => {
    const rows = Array.from(
      { length: COHORT_LIMITS.importMaxEntries + 1 },
      (_, i) => `p${i}@school.edu`,
    );
    try {
      csv(`email\n${rows.join('\n')}`);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(400);
      expect((err as AppError).fields).toHaveProperty('text');
    }
    expect(csv(`email\n${rows.slice(1).join('\n')}`)).toHaveLength(COHORT_LIMITS.importMaxEntries);
  });
});

describe('reading a pasted list', () => {
  it('takes one per line, several per line, and "Name <address>" as mail programs copy them', () => {
    const entries = list(
      [
        'ada@school.edu',
        '"O\'Brien-Smith, Zoë" <zoe@school.edu>; Grace Hopper <grace@school.edu>',
        '',
        'mailto:soren@school.edu, linus@school.edu',
        'Kurt Gödel kurt@school.edu',
        'not an address',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { line: 1, email: 'ada@school.edu', name: null },
      { line: 2, email: 'zoe@school.edu', name: "O'Brien-Smith, Zoë" },
      { line: 2, email: 'grace@school.edu', name: 'Grace Hopper' },
      { line: 4, email: 'soren@school.edu', name: null },
      { line: 4, email: 'linus@school.edu', name: null },
      { line: 5, email: 'kurt@school.edu', name: 'Kurt Gödel' },
      { line: 6, email: null, name: 'not an address' },
    ]);
  });

  it('reads a whole pasted column without separators, and old Mac line endings', () => {
    expect(list('a@school.edu b@school.edu\rc@school.edu').map((e) => [e.line, e.email])).toEqual([
      [1, 'a@school.edu'],
      [1, 'b@school.edu'],
      [2, 'c@school.edu'],
    ]);
  });

  it('reads half a megabyte on one line in one pass, as one line too long to read', () => {
    const text = ','.repeat(COHORT_LIMITS.importMaxChars - 1);
    expect(list(text)).toEqual([{ line: 1, email: null, name: null }]);
    expect(csv(`email\n${'"'.repeat(COHORT_LIMITS.importMaxChars - 10)}`)).toEqual([
      { line: 2, email: null, name: null },
    ]);
  });
});
