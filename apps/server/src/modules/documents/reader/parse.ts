import { getDocumentProxy } from 'unpdf';
import mammoth from 'mammoth';
import { RESUME_LIMITS } from '@candor/shared';
import { ResumeError, fail } from '../problems';
import { textOfPdfPages, type PdfRun } from './pdf-lines';
import { READING_CAPS, documentType, finishText, plainText } from './sniff';
import { ZipRefused, textPartsOf, zipHolds } from './zip';

/**
 * Reading a résumé file into text: PDF through unpdf (pdf.js), DOCX through mammoth, the type
 * decided by the bytes themselves (decision 029). PDF and DOCX are read only in the reader's child
 * process (reader/child.ts, started by reader/index.ts), never on the server's main thread: these
 * parsers have no cap of their own on time or memory (issue 24).
 */

async function pdfText(bytes: Uint8Array): Promise<string> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { useSystemFonts: false });
  } catch (err) {
    throw fail(
      (err as { name?: string }).name === 'PasswordException' ? 'protected' : 'unreadable',
    );
  }
  try {
    if (pdf.numPages > RESUME_LIMITS.maxPages) throw fail('pages');
    // Page by page, each page's items joined as pdf.js laid them out. The caps are checked
    // between pages: the reading stops at the page whose text passes the cap (what comes after
    // the cap is not kept), or once the CPU budget is spent (a bomb's one content stream shared by
    // every page yields little text and costs much time). A page's text stream is never left
    // half-read: pdf.js then closes it a second time, an unhandled rejection in this process.
    const pages: PdfRun[][] = [];
    let chars = 0;
    const cpuAtStart = process.cpuUsage();
    const overBudget = () => {
      const used = process.cpuUsage(cpuAtStart);
      return (used.user + used.system) / 1000 > READING_CAPS.maxPdfCpuMs;
    };
    for (let number = 1; number <= pdf.numPages; number++) {
      if (overBudget()) throw fail('too-slow');
      const page = await pdf.getPage(number);
      // Each run with where it sits: the lines are rebuilt from the positions (pdf-lines.ts).
      const runs: PdfRun[] = [];
      let pageChars = 0;
      for await (const chunk of page.streamTextContent()) {
        for (const item of chunk.items) {
          if (!('str' in item) || chars + pageChars > READING_CAPS.maxRawChars) continue;
          const [, , , scaleY = 0, x = 0, y = 0] = item.transform as number[];
          runs.push({
            str: item.str,
            x,
            y,
            width: item.width,
            height: item.height || Math.abs(scaleY),
          });
          pageChars += item.str.length + 1;
        }
      }
      if (chars + pageChars > READING_CAPS.maxRawChars) throw fail('too-long');
      chars += pageChars + 2;
      pages.push(runs);
    }
    return textOfPdfPages(pages);
  } catch (err) {
    if (err instanceof ResumeError) throw err;
    throw fail('unreadable');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  let parts: Buffer;
  try {
    // A zip that is not a Word document (a folder of photos, an .xlsx) is the wrong type.
    if (!zipHolds(bytes, 'word/document.xml', READING_CAPS.zip)) throw fail('type');
    parts = textPartsOf(bytes, READING_CAPS.zip);
  } catch (err) {
    if (err instanceof ZipRefused) throw fail(err.problem);
    throw err;
  }
  try {
    const { value } = await mammoth.extractRawText({ buffer: parts });
    return value;
  } catch {
    throw fail('unreadable');
  }
}

/**
 * A résumé's text, or a ResumeError saying why not. Reads PDF and DOCX with their parsers: call it
 * in the reader's child (or a test), never on the server's main thread.
 */
export async function readResume(input: Uint8Array): Promise<string> {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length === 0) throw fail('empty');
  const type = documentType(bytes);
  if (type === 'pdf') return finishText(await pdfText(bytes), 'scanned');
  if (type === 'docx-or-zip') return finishText(await docxText(bytes), 'empty');
  return plainText(bytes);
}
