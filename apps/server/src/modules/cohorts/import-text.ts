import { COHORT_LIMITS, emailSchema, type MemberImport } from '@candor/shared';
import { badRequest } from '../../platform/errors';

/**
 * Reading a pasted list of e-mail addresses or a CSV file into entries, one per person, each with
 * the line it came from (decision 046). Everything here is hostile input: the text is capped in
 * size and entries, read in one pass (no backtracking expression sees it), and nothing of it is
 * stored: an entry only ever matches an existing account by its e-mail. Names are kept only to
 * be shown back beside their line.
 */

export interface ImportEntry {
  /** The line of the text the entry starts on (1 is the first). */
  line: number;
  /** The address, trimmed, lower case and NFC; null when the entry holds none that is valid. */
  email: string | null;
  name: string | null;
}

/** Composed accents ("Zoë" typed on one system, "Zoe" + U+0308 pasted from another) and trimmed. */
const clean = (s: string) => s.normalize('NFC').trim();

function toEmail(raw: string): string | null {
  const text = clean(raw)
    .replace(/^mailto:/i, '')
    .replace(/^<|>$/g, '');
  if (text.length === 0 || text.length > 254) return null;
  const parsed = emailSchema.safeParse(text);
  return parsed.success ? parsed.data : null;
}

function toName(parts: string[]): string | null {
  const name = clean(parts.join(' ').replace(/\s+/g, ' ')).replace(/^"|"$/g, '');
  return name.length > 0 ? name.slice(0, 200) : null;
}

/**
 * Splits on the separators outside double quotes and angle brackets, so
 * `"O'Brien-Smith, Zoë" <zoe@school.edu>; ada@school.edu` is two entries.
 */
function splitOutside(text: string, separators: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let bracketed = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (c === '<' && !quoted) bracketed = true;
    else if (c === '>' && !quoted) bracketed = false;
    if (!quoted && !bracketed && separators.includes(c)) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

/** One piece of a pasted list: `Name <address>`, `Name address`, `address`, or several addresses. */
function listEntries(piece: string, line: number): ImportEntry[] {
  const text = piece.trim();
  if (text.length === 0) return [];
  const open = text.lastIndexOf('<');
  if (open >= 0 && text.endsWith('>')) {
    return [
      { line, email: toEmail(text.slice(open + 1, -1)), name: toName([text.slice(0, open)]) },
    ];
  }
  const words = text.split(/\s+/);
  const addresses = words.filter((w) => w.includes('@'));
  if (addresses.length > 1) return addresses.map((a) => ({ line, email: toEmail(a), name: null }));
  if (addresses.length === 1) {
    return [
      {
        line,
        email: toEmail(addresses[0]!),
        name: toName(words.filter((w) => !w.includes('@'))),
      },
    ];
  }
  return [{ line, email: null, name: toName(words) }];
}

function readList(text: string): ImportEntry[] {
  const entries: ImportEntry[] = [];
  text.split(/\r\n|\n|\r/).forEach((row, i) => {
    if (row.length > COHORT_LIMITS.importMaxLineChars) {
      entries.push({ line: i + 1, email: null, name: null });
      return;
    }
    for (const piece of splitOutside(row, ',;\t')) entries.push(...listEntries(piece, i + 1));
  });
  return entries;
}

interface CsvRecord {
  line: number;
  cells: string[];
  tooLong: boolean;
}

/** The delimiter of the first line: comma, semicolon (spreadsheets in much of Europe) or tab. */
function delimiterOf(text: string): string {
  const end = text.search(/\r|\n/);
  const first = end < 0 ? text : text.slice(0, end);
  const counts = [',', ';', '\t'].map((d) => [d, splitOutside(first, d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** RFC 4180: quoted cells may hold the delimiter, doubled quotes and line breaks. One pass. */
function readCsvRecords(text: string, delimiter: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let length = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) {
      records.push({ line: start, cells, tooLong: length > COHORT_LIMITS.importMaxLineChars });
    }
    cells = [];
    cell = '';
    length = 0;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    length++;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        if (length <= COHORT_LIMITS.importMaxLineChars) cell += c;
      }
    } else if (c === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else if (length <= COHORT_LIMITS.importMaxLineChars) cell += c;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

const heading = (cell: string) => cell.toLowerCase().replace(/[^a-z]/g, '');
const EMAIL_HEADINGS = new Set(['email', 'emailaddress', 'mail', 'emailid', 'courriel']);
const NAME_HEADINGS = new Set(['name', 'fullname', 'student', 'studentname', 'candidate']);
const FIRST_HEADINGS = new Set(['firstname', 'givenname', 'first', 'forename', 'prenom']);
const LAST_HEADINGS = new Set(['lastname', 'surname', 'familyname', 'last', 'nom']);

function readCsv(text: string): ImportEntry[] {
  const records = readCsvRecords(text, delimiterOf(text));
  if (records.length === 0) return [];
  const head = records[0]!.cells.map(heading);
  const emailColumn = head.findIndex((h) => EMAIL_HEADINGS.has(h));
  if (emailColumn < 0) {
    // No header: the cell with an @ is the address, the cells before it the name.
    return records.map(({ line, cells, tooLong }) => {
      const at = cells.findIndex((c) => c.includes('@'));
      if (tooLong || at < 0) return { line, email: null, name: tooLong ? null : toName(cells) };
      return { line, email: toEmail(cells[at]!), name: toName(cells.slice(0, at)) };
    });
  }
  const nameColumn = head.findIndex((h) => NAME_HEADINGS.has(h));
  const firstColumn = head.findIndex((h) => FIRST_HEADINGS.has(h));
  const lastColumn = head.findIndex((h) => LAST_HEADINGS.has(h));
  return records.slice(1).map(({ line, cells, tooLong }) => {
    if (tooLong) return { line, email: null, name: null };
    const name =
      nameColumn >= 0
        ? toName([cells[nameColumn] ?? ''])
        : toName([cells[firstColumn] ?? '', cells[lastColumn] ?? '']);
    return { line, email: toEmail(cells[emailColumn] ?? ''), name };
  });
}

/**
 * The entries of a pasted list or a CSV's text, in order. More than COHORT_LIMITS.importMaxEntries
 * is refused whole (400 naming `text`): an import is applied all at once or not at all.
 */
export function readImport(input: MemberImport): ImportEntry[] {
  const text = input.text.replace(/^\uFEFF/, '');
  const entries = input.format === 'csv' ? readCsv(text) : readList(text);
  if (entries.length > COHORT_LIMITS.importMaxEntries) {
    const message = `text: at most ${COHORT_LIMITS.importMaxEntries.toLocaleString('en-GB')} people at a time (this has ${entries.length.toLocaleString('en-GB')})`;
    throw badRequest(message, { text: message.slice('text: '.length) });
  }
  return entries;
}
