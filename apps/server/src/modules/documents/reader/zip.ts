import { crc32, inflateRawSync } from 'node:zlib';

/**
 * The parts of a DOCX that hold its text, unpacked under caps before mammoth sees the file
 * (issue 24: a 179 KB DOCX whose document.xml inflates to 50 MB took the server to 3.5 GB).
 * Runs in the reader's child process (reader/child.ts), never on the server's main thread.
 *
 * The ZIP's central directory is read first and its declared sizes checked against the caps
 * before a byte is inflated; then, since a directory can lie, each part is inflated with zlib's
 * `maxOutputLength` set to its declared size and checked against that size and its CRC. Only XML
 * parts are unpacked (images, fonts and embedded files hold no text); mammoth gets a new zip of
 * those parts, stored, so nothing inflates inside it.
 */

export interface ZipCaps {
  /** Entries in the directory (a DOCX has a few dozen). */
  maxEntries: number;
  /** Inflated bytes of one text part. */
  maxPartBytes: number;
  /** Inflated bytes of all text parts together. */
  maxTotalBytes: number;
}

/** Why a zip was not unpacked: `too-large` past a cap, `unreadable` for anything malformed. */
export class ZipRefused extends Error {
  constructor(readonly problem: 'too-large' | 'unreadable' | 'protected') {
    super(`zip refused: ${problem}`);
    this.name = 'ZipRefused';
  }
}

interface Entry {
  name: string;
  method: number;
  crc: number;
  packedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;

const refuse = (problem: ZipRefused['problem']) => new ZipRefused(problem);

/** The directory's entries, as declared (not yet believed). */
function directory(bytes: Buffer, caps: ZipCaps): Entry[] {
  const from = Math.max(0, bytes.length - 22 - MAX_COMMENT);
  let end = -1;
  for (let i = bytes.length - 22; i >= from; i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw refuse('unreadable');
  const count = bytes.readUInt16LE(end + 10);
  const offset = bytes.readUInt32LE(end + 16);
  // ZIP64 markers: no résumé needs a zip of 4 GB or 65,535 entries.
  if (count === 0xffff || offset === 0xffffffff) throw refuse('too-large');
  if (count > caps.maxEntries) throw refuse('too-large');
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) throw refuse('unreadable');
    const flags = bytes.readUInt16LE(at + 8);
    const nameLength = bytes.readUInt16LE(at + 28);
    const skip = nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (at + 46 + skip > bytes.length) throw refuse('unreadable');
    // Bit 0: encrypted. Word's password protection gives such a zip.
    if (flags & 1) throw refuse('protected');
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      crc: bytes.readUInt32LE(at + 16),
      packedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    });
    at += 46 + skip;
  }
  return entries;
}

const isTextPart = (name: string) => /\.(xml|rels)$/i.test(name);

/** One part, inflated no further than its declared size, and checked to be exactly that. */
function unpack(bytes: Buffer, entry: Entry): Buffer {
  const at = entry.localOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) throw refuse('unreadable');
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const packed = bytes.subarray(start, start + entry.packedSize);
  if (packed.length !== entry.packedSize) throw refuse('unreadable');
  let data: Buffer;
  if (entry.method === 0) data = packed;
  else if (entry.method === 8) {
    try {
      // One byte more than declared is enough to know the directory lied.
      data = inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size + 1) });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw refuse(code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable');
    }
  } else throw refuse('unreadable');
  if (data.length > entry.size) throw refuse('too-large');
  if (data.length !== entry.size || crc32(data) !== entry.crc) throw refuse('unreadable');
  return data;
}

/** A zip of `parts`, stored (method 0): what mammoth reads. */
function storedZip(parts: { name: string; data: Buffer; crc: number }[]): Buffer {
  const chunks: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    chunks.push(local, name, part.data);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt32LE(part.crc, 16);
    header.writeUInt32LE(part.data.length, 20);
    header.writeUInt32LE(part.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += 30 + name.length + part.data.length;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(EOCD, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...chunks, ...central, end]);
}

/** Whether the zip's directory names `name` (how a DOCX is told from other zips). */
export function zipHolds(bytes: Buffer, name: string, caps: ZipCaps): boolean {
  return directory(bytes, caps).some((e) => e.name === name);
}

/**
 * The zip's text parts, checked and unpacked under `caps`, as a stored zip; throws ZipRefused.
 * The declared sizes are summed before anything is inflated, so a bomb costs no inflation.
 */
export function textPartsOf(bytes: Buffer, caps: ZipCaps): Buffer {
  const parts = directory(bytes, caps).filter((e) => isTextPart(e.name));
  let total = 0;
  for (const entry of parts) {
    if (entry.size > caps.maxPartBytes) throw refuse('too-large');
    total += entry.size;
    if (total > caps.maxTotalBytes) throw refuse('too-large');
  }
  return storedZip(parts.map((e) => ({ name: e.name, data: unpack(bytes, e), crc: e.crc })));
}
