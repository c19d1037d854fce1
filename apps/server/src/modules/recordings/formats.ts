import type { RecordingFormat } from '@candor/shared';

/**
 * Whether the first bytes of an upload are what its Content-Type says: a file named audio/webm
 * must start like a WebM file. The signatures are the containers' own (EBML, Ogg pages, RIFF/WAVE,
 * ISO-BMFF `ftyp`, an ID3 tag or an MPEG audio frame header).
 */
export function looksLike(format: RecordingFormat, body: Buffer): boolean {
  const ascii = (start: number, end: number) => body.subarray(start, end).toString('latin1');
  switch (format) {
    case 'audio/webm':
      return body.length >= 4 && body.readUInt32BE(0) === 0x1a45dfa3;
    case 'audio/ogg':
      return ascii(0, 4) === 'OggS';
    case 'audio/wav':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE';
    case 'audio/mp4':
      return ascii(4, 8) === 'ftyp';
    case 'audio/mpeg':
      // An ID3v2 tag, or an MPEG audio frame sync (11 set bits) with a valid layer.
      return (
        ascii(0, 3) === 'ID3' ||
        (body.length >= 2 &&
          body[0] === 0xff &&
          (body[1]! & 0xe0) === 0xe0 &&
          (body[1]! & 0x06) !== 0)
      );
  }
}

/**
 * The length of a PCM WAV file in milliseconds, from its `fmt ` and `data` chunks, or null when
 * the chunks cannot be read. The other containers do not carry a reliable length (MediaRecorder's
 * WebM has none), so for them the page's own measure is checked against the limit alone.
 */
export function wavDurationMs(body: Buffer): number | null {
  let offset = 12;
  let byteRate: number | null = null;
  while (offset + 8 <= body.length) {
    const id = body.subarray(offset, offset + 4).toString('latin1');
    const size = body.readUInt32LE(offset + 4);
    if (id === 'fmt ' && offset + 16 <= body.length) byteRate = body.readUInt32LE(offset + 16);
    if (id === 'data') {
      if (!byteRate) return null;
      // A streamed WAV may announce an unknown (0 or 0xFFFFFFFF) length: count what is there.
      const available = body.length - offset - 8;
      const bytes = size === 0 || size === 0xffffffff ? available : Math.min(size, available);
      return Math.round((bytes / byteRate) * 1000);
    }
    offset += 8 + size + (size % 2);
  }
  return null;
}
