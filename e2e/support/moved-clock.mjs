// Loaded into a spec's own server process (`node --import`), never into the product: the server's
// clock runs ahead by the milliseconds written in the file CANDOR_E2E_CLOCK_FILE names, so a spec
// lets half an hour pass without waiting for it (startServer's `movableClock`). Read at most every
// 100 ms; without the file, or before it holds a number, the clock is the real one.
import fs from 'node:fs';

const file = process.env.CANDOR_E2E_CLOCK_FILE;
const RealDate = Date;
let offset = 0;
let readAt = 0;

function now() {
  const real = RealDate.now();
  if (file && real - readAt >= 100) {
    readAt = real;
    try {
      offset = Number(fs.readFileSync(file, 'utf8')) || 0;
    } catch {
      offset = 0;
    }
  }
  return real + offset;
}

class MovedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(now());
    else super(...args);
  }

  static now() {
    return now();
  }
}

globalThis.Date = MovedDate;
