/**
 * After `vite build`: a Brotli (.br) and a gzip (.gz) copy of every text asset in dist/, made once
 * at the highest levels, so the server sends compressed files without compressing per request
 * (@fastify/static `preCompressed`).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
// Source maps are left out: only developer tools fetch them, and they are most of the bytes and time.
// WebAssembly too: the voice detector's ONNX runtime (14 MB) shrinks to about a quarter.
const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.webmanifest',
  '.wasm',
]);
let before = 0;
let afterBr = 0;
let count = 0;

function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.has(path.extname(entry.name)) && fs.statSync(file).size >= 512) {
      const data = fs.readFileSync(file);
      const br = zlib.brotliCompressSync(data, {
        params: {
          // The highest level takes minutes on megabytes of WebAssembly for a few percent more.
          [zlib.constants.BROTLI_PARAM_QUALITY]: data.length > 1_000_000 ? 9 : 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      });
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      before += data.length;
      afterBr += br.length;
      count++;
    }
  }
}

walk(dist);
console.log(
  `compressed ${count} assets: ${(before / 1024).toFixed(0)} KB -> ${(afterBr / 1024).toFixed(0)} KB brotli`,
);
