import { getResolvedPDFJS } from 'unpdf';
import { RESUME_LIMITS } from '@candor/shared';
import { ZOE_RESUME, docxOf, pdfOf, tenPageResume } from '../fixtures/documents';
import { ResumeError } from '../problems';
import { readResume } from './parse';

/**
 * The document reader's child process (issue 24): reads one file, then exits. Started by
 * reader/index.ts with a heap cap, under Node's permission model, without the server's
 * environment; the host kills it past its deadline or its memory cap.
 *
 * Protocol: once the parsers are loaded it writes `ready\n` to stdout (the host starts the
 * deadline then, so a cold start is not counted against the file); it reads the file from stdin
 * until the host closes it, and writes one JSON line, `{"text": …}` or `{"problem": …}`. Anything
 * else from here is treated as a failure by the host, which checks every byte it gets.
 */

/** No file comes bigger than the route's body limit; a host that sends more is not ours. */
const MAX_INPUT_BYTES = RESUME_LIMITS.maxBytes;

await getResolvedPDFJS();
// A fresh process runs pdf.js and mammoth cold (a ten-page résumé: ~170 ms, against ~25 ms once
// warm): the spare reads our own ten-page résumé and a DOCX while it waits, so the candidate's
// file meets warm parsers. Nothing of these readings is kept.
const warmPdf = pdfOf(tenPageResume());
await readResume(warmPdf);
await readResume(warmPdf);
await readResume(docxOf(ZOE_RESUME, { deflate: true }));
process.stdout.write('ready\n');

const chunks: Buffer[] = [];
let size = 0;
for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
  size += chunk.length;
  if (size > MAX_INPUT_BYTES) process.exit(2);
  chunks.push(chunk);
}
// The host went away (or sent nothing) while this child waited as the spare: nothing to read.
if (size === 0) process.exit(0);

let result: { text: string } | { problem: string };
try {
  result = { text: await readResume(Buffer.concat(chunks)) };
} catch (err) {
  result = { problem: err instanceof ResumeError ? err.problem : 'unreadable' };
}
process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0));
