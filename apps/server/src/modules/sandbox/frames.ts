import type { Readable } from 'node:stream';

/**
 * Reads a child's JSON-line frames with hard byte caps counted as the bytes arrive (decision 031):
 * a frame longer than `frameBytes`, or more than `totalBytes` in all, is an overflow and nothing
 * more is read. Node's own IPC is not used: it parses every message, however large, on the
 * server's main thread. Here the host's work per child is bounded by the caps, whatever the
 * child sends.
 */
export interface FrameCaps {
  frameBytes: number;
  totalBytes: number;
}

export function readFrames(
  stream: Readable,
  caps: FrameCaps,
  on: { frame: (line: string) => void; overflow: () => void },
): { stop: () => void } {
  let total = 0;
  let parts: Buffer[] = [];
  let partBytes = 0;
  let stopped = false;
  const overflow = () => {
    stopped = true;
    stream.removeListener('data', onData);
    on.overflow();
  };
  function onData(chunk: Buffer) {
    if (stopped) return;
    total += chunk.length;
    if (total > caps.totalBytes) return overflow();
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl >= 0 && !stopped; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      if (partBytes + piece.length > caps.frameBytes) return overflow();
      const line = Buffer.concat([...parts, piece]).toString('utf8');
      parts = [];
      partBytes = 0;
      start = nl + 1;
      on.frame(line);
    }
    if (stopped) return;
    const rest = chunk.subarray(start);
    partBytes += rest.length;
    if (partBytes > caps.frameBytes) return overflow();
    if (rest.length) parts.push(rest);
  }
  stream.on('data', onData);
  return {
    stop() {
      stopped = true;
      stream.removeListener('data', onData);
    },
  };
}
