import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(87)).toBe('87');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('writes nothing for a missing value or a number that is not finite', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('Smith, Jr.')).toBe('"Smith, Jr."');
    expect(csvCell('The "Pragmatic" set')).toBe('"The ""Pragmatic"" set"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it("keeps apostrophes and accents: Zoë O'Brien-Smith is written as she is", () => {
    expect(csvCell("Zoë O'Brien-Smith")).toBe("Zoë O'Brien-Smith");
  });

  it('prefixes text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    // Only at the start: a hyphen inside a name is not a formula.
    expect(csvCell('Brien-Smith')).toBe('Brien-Smith');
  });
});

describe('csvRow', () => {
  it('joins the cells with commas and ends with CRLF', () => {
    expect(csvRow(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
