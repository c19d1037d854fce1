import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Spoken answers as WAV files, made at test time with espeak-ng (the Debian package; .ci/run
 * installs it), and strung together with silences into the one file Chromium's fake microphone
 * plays (`--use-file-for-fake-audio-capture`).
 */

export interface Speech {
  samples: Int16Array;
  sampleRate: number;
}

/** The samples of a 16-bit mono WAV file (espeak-ng's output). */
function readWav(file: string): Speech {
  const data = fs.readFileSync(file);
  let at = 12;
  let sampleRate = 0;
  while (at + 8 <= data.length) {
    const id = data.toString('ascii', at, at + 4);
    let size = data.readUInt32LE(at + 4);
    if (id === 'fmt ') sampleRate = data.readUInt32LE(at + 12);
    if (id === 'data') {
      // A file written as a stream may leave the size unset: the rest of the file is the data.
      if (size === 0 || at + 8 + size > data.length) size = data.length - at - 8;
      const bytes = data.subarray(at + 8, at + 8 + size - (size % 2));
      const samples = new Int16Array(bytes.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2);
      return { samples, sampleRate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

/** `text` spoken by espeak-ng (American English, an unhurried pace). */
export function speak(text: string): Speech {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candor-espeak-')), 'speech.wav');
  const run = spawnSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', file, text]);
  if (run.error || run.status !== 0) {
    throw new Error(
      `espeak-ng is needed for this spec (apt-get install espeak-ng): ${run.error?.message ?? run.stderr.toString()}`,
    );
  }
  return readWav(file);
}

export const durationMs = (s: Speech) => (s.samples.length / s.sampleRate) * 1000;

/** Speech and silences in order, as one 16-bit mono WAV file; returns its path. */
export function composeWav(parts: (Speech | { silenceMs: number })[], sampleRate: number): string {
  const pieces = parts.map((p) => {
    if ('samples' in p) {
      if (p.sampleRate !== sampleRate) throw new Error('every piece must have one sample rate');
      return p.samples;
    }
    return new Int16Array(Math.round((sampleRate * p.silenceMs) / 1000));
  });
  const total = pieces.reduce((n, p) => n + p.length, 0);
  const wav = Buffer.alloc(44 + total * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + total * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(total * 2, 40);
  let at = 44;
  for (const p of pieces) {
    for (let i = 0; i < p.length; i++, at += 2) wav.writeInt16LE(p[i]!, at);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candor-mic-')), 'microphone.wav');
  fs.writeFileSync(file, wav);
  return file;
}
