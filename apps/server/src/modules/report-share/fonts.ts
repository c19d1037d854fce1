import fs from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * The report PDF's typeface: DejaVu Sans (package `dejavu-fonts-ttf`; Bitstream Vera licence with
 * DejaVu's changes in the public domain: free to embed and redistribute). It covers Latin with
 * every diacritic a name needs (Zoë, Nguyễn, Łukasz), Greek and Cyrillic; decision 044. The PDF
 * embeds only the glyphs it uses (pdfkit subsets embedded TrueType fonts).
 */
export interface ReportFonts {
  regular: Font;
  bold: Font;
}

let loaded: ReportFonts | null = null;

/**
 * Read and parsed once per process, then shared by every PDF: parsing the two files (1.4 MB) for
 * each download was most of a short report's time, and a parsed font keeps its glyph layouts
 * between documents (bench/report-pdf.ts). pdfkit takes a parsed font as it takes a file.
 */
export function reportFonts(): ReportFonts {
  if (loaded) return loaded;
  // Resolved as a package, so the bundled server (dist/main.js) finds it in node_modules too.
  const require = createRequire(import.meta.url);
  const file = (name: string) =>
    create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));
  loaded = { regular: file('DejaVuSans.ttf'), bold: file('DejaVuSans-Bold.ttf') };
  return loaded;
}
