import PDFDocument from 'pdfkit';
import type { ReportFonts } from './fonts';

/**
 * The few ways the report PDF puts words on a page, over pdfkit: headings, paragraphs, a bold
 * label before plain text, bullets with a hanging indent, a score bar, and a footer on every page.
 * Black and grey only: a figure is always written as a number or a word, never told by colour.
 */

const MARGIN = 56;
const INK = '#000000';
const MUTED = '#404040';
const RULE = '#9a9a9a';
const BAR_FILL = '#b0b0b0';

/** Control characters a PDF cannot show, out; composed forms, so 'ễ' is one glyph of the font. */
export function clean(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

export interface PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  heading(text: string): void;
  subheading(text: string): void;
  paragraph(text: string, options?: { muted?: boolean; size?: number; bold?: boolean }): void;
  /** "Label: text", the label bold. */
  labelled(label: string, text: string, options?: { muted?: boolean }): void;
  bullets(items: string[]): void;
  /** A named figure out of 100 with a bar drawn to scale beside its number. */
  scoreBar(label: string, value: number): void;
  /** Starts a new page when fewer than `points` are left, so a heading never ends a page. */
  keepRoom(points: number): void;
  gap(points?: number): void;
  /** Writes `footer(page, pages)` at the foot of every page, then ends the document. */
  finish(footer: (page: number, pages: number) => string): Promise<Buffer>;
}

export function createPdfWriter(
  fonts: ReportFonts,
  info: { title: string; author: string },
): PdfWriter {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Pages stay open until the end, so each gets "Page n of N".
    bufferPages: true,
    // pdfkit takes a parsed font here too (its types say only a path): without a first font of
    // our own it would load Helvetica, which has no 'ễ'.
    font: fonts.regular as unknown as string,
    info: { Title: clean(info.title), Author: clean(info.author), Creator: 'Candor' },
    lang: 'en-GB',
    displayTitle: true,
  });
  doc.registerFont('body', fonts.regular as unknown as string);
  doc.registerFont('bold', fonts.bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = () => doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;

  const writer: PdfWriter = {
    doc,
    heading(text) {
      writer.keepRoom(70);
      doc.moveDown(0.8);
      doc
        .font('bold')
        .fontSize(14)
        .fillColor(INK)
        .text(clean(text), MARGIN, doc.y, { width: width() });
      const y = doc.y + 2;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + width(), y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      doc.y = y + 6;
    },
    subheading(text) {
      writer.keepRoom(50);
      doc.moveDown(0.5);
      doc
        .font('bold')
        .fontSize(11)
        .fillColor(INK)
        .text(clean(text), MARGIN, doc.y, { width: width() });
    },
    paragraph(text, options = {}) {
      doc
        .font(options.bold ? 'bold' : 'body')
        .fontSize(options.size ?? 10)
        .fillColor(options.muted ? MUTED : INK)
        .text(clean(text), MARGIN, doc.y, { width: width(), lineGap: 1.5 });
    },
    labelled(label, text, options = {}) {
      // A label alone at the foot of a page lost its bold on the next: it starts where both fit.
      writer.keepRoom(26);
      doc
        .font('bold')
        .fontSize(10)
        .fillColor(INK)
        .text(`${clean(label)}: `, MARGIN, doc.y, { width: width(), continued: true, lineGap: 1.5 })
        .font('body')
        .fillColor(options.muted ? MUTED : INK)
        .text(clean(text), { lineGap: 1.5 });
    },
    bullets(items) {
      const indent = 12;
      for (const item of items) {
        writer.keepRoom(16);
        const y = doc.y;
        doc.font('body').fontSize(10).fillColor(INK).text('•', MARGIN, y, { lineBreak: false });
        doc.text(clean(item), MARGIN + indent, y, { width: width() - indent, lineGap: 1.5 });
        doc.moveDown(0.2);
      }
    },
    scoreBar(label, value) {
      writer.keepRoom(20);
      const v = Math.max(0, Math.min(100, Math.round(value)));
      const y = doc.y;
      const labelWidth = 150;
      const barX = MARGIN + labelWidth;
      const barWidth = width() - labelWidth - 50;
      doc
        .font('body')
        .fontSize(10)
        .fillColor(INK)
        .text(clean(label), MARGIN, y, {
          width: labelWidth - 8,
          lineBreak: false,
        });
      doc
        .rect(barX, y + 2, barWidth, 8)
        .lineWidth(0.5)
        .strokeColor(INK)
        .stroke();
      if (v > 0)
        doc
          .rect(barX, y + 2, (barWidth * v) / 100, 8)
          .fillColor(BAR_FILL)
          .fill();
      doc
        .fillColor(INK)
        .font('bold')
        .text(`${v}%`, barX + barWidth + 8, y, {
          width: 42,
          align: 'right',
          lineBreak: false,
        });
      doc.y = y + 16;
    },
    keepRoom(points) {
      if (doc.y + points > bottom()) doc.addPage();
    },
    gap(points = 6) {
      doc.y += points;
    },
    async finish(footer) {
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        // Writing inside the bottom margin would start a new page: the margin is lifted meanwhile.
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font('body')
          .fontSize(8)
          .fillColor(MUTED)
          .text(clean(footer(i + 1, range.count)), MARGIN, doc.page.height - MARGIN + 20, {
            width: width(),
            align: 'center',
            lineBreak: false,
          });
        doc.page.margins.bottom = margin;
      }
      doc.end();
      return ended;
    },
  };
  return writer;
}
