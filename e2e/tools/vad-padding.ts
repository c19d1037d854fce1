/**
 * The voice detector's end-of-speech padding (decision 037): in Chromium, its fake microphone
 * playing sentences spoken by espeak-ng with pauses of known lengths between them, the page's
 * detector (@ricky0123/vad-web, Silero v5, as vad-detector.ts configures it) at several
 * redemption times. For each: how long after the last sound of a sentence the detector reports
 * its end (the padding that server recognition adds before the transcription even starts), and
 * how it cuts the speech: sentences run together when a pause is shorter than the redemption,
 * and a sentence is cut in two at a breath longer than it.
 *   npx tsx e2e/tools/vad-padding.ts [redemption ms…]
 * The padding is measured against the detector's own report of each start, so the microphone's
 * start-up delay cancels out: padding ≈ (reported end − reported start) − (sound's end − start),
 * plus the one frame (32 ms) the start report itself lags.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../support/browser';
import { composeWav, durationMs, speak, type Speech } from '../support/spoken-wav';

const modules = path.resolve(import.meta.dirname, '../../node_modules');
const FILES: Record<string, string> = {
  '/vad.js': '@ricky0123/vad-web/dist/bundle.min.js',
  '/ort.js': 'onnxruntime-web/dist/ort.wasm.min.js',
  '/vad/vad.worklet.bundle.min.js': '@ricky0123/vad-web/dist/vad.worklet.bundle.min.js',
  '/vad/silero_vad_v5.onnx': '@ricky0123/vad-web/dist/silero_vad_v5.onnx',
  '/vad/ort-wasm-simd-threaded.wasm': 'onnxruntime-web/dist/ort-wasm-simd-threaded.wasm',
  '/vad/ort-wasm-simd-threaded.mjs': 'onnxruntime-web/dist/ort-wasm-simd-threaded.mjs',
};
const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
};

const SENTENCES = [
  'I would put a read-through cache in front of the catalogue service.',
  'Then I would drop the key on every write, so prices are never stale.',
  'For the hot products I would warm the cache before the sale starts.',
  'And I would watch the hit rate, the latency and the error budget.',
  'If the cache fails, the service reads the database directly.',
  'That is the approach I took in my last role, and it worked well.',
];
/** The pause after each sentence, in ms: breaths, thinking pauses, the end of an answer. */
const PAUSES = [300, 450, 650, 900, 1_300, 3_000];
const LEAD_MS = 2_500;

/** Where the sound of a piece of speech starts and ends (samples above a floor), in ms. */
function soundOf(speech: Speech): { startMs: number; endMs: number } {
  const loud = (v: number) => Math.abs(v) > 400;
  const first = speech.samples.findIndex(loud);
  let last = speech.samples.length - 1;
  while (last > 0 && !loud(speech.samples[last]!)) last--;
  return { startMs: (first / speech.sampleRate) * 1000, endMs: (last / speech.sampleRate) * 1000 };
}

const PAGE = `<!doctype html><script src="/ort.js"></script><script src="/vad.js"></script>`;

function serve(): Promise<{ url: string; close(): void }> {
  const server = http.createServer((req, res) => {
    const name = (req.url ?? '/').split('?')[0]!;
    if (name === '/') {
      res.setHeader('content-type', 'text/html');
      res.end(PAGE);
      return;
    }
    const source = FILES[name];
    if (!source) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream');
    fs.createReadStream(path.join(modules, source)).pipe(res);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () => server.close(),
      }),
    ),
  );
}

interface Reported {
  kind: 'start' | 'end' | 'misfire';
  at: number;
}

async function measure(redemptionMs: number, wav: string, url: string, totalMs: number) {
  const browser = await launchBrowser([`--use-file-for-fake-audio-capture=${wav}%noloop`]);
  try {
    const page = await browser.newPage();
    await page.goto(url);
    // A string, not a function: tsx would add helpers the page does not have.
    return (await page.evaluate(`(async () => {
      const events = [];
      const detector = await vad.MicVAD.new({
        model: 'v5', baseAssetPath: '/vad/', onnxWASMBasePath: '/vad/', startOnLoad: false,
        redemptionMs: ${redemptionMs},
        getStream: () => navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1,
          echoCancellation: true, noiseSuppression: true, autoGainControl: true } }),
        onSpeechStart: () => events.push({ kind: 'start', at: performance.now() }),
        onSpeechEnd: () => events.push({ kind: 'end', at: performance.now() }),
        onVADMisfire: () => events.push({ kind: 'misfire', at: performance.now() }),
      });
      await detector.start();
      await new Promise((resolve) => setTimeout(resolve, ${totalMs}));
      return events;
    })()`)) as Reported[];
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

const spoken = SENTENCES.map((text) => speak(text));
const rate = spoken[0]!.sampleRate;
const wav = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candor-vad-')), 'microphone.wav');
fs.writeFileSync(
  wav,
  fs.readFileSync(
    composeWav(
      [{ silenceMs: LEAD_MS }, ...spoken.flatMap((s, i) => [s, { silenceMs: PAUSES[i]! }])],
      rate,
    ),
  ),
);
// Where each sentence's sound is, in the file's own time.
let at = LEAD_MS;
const sounds = spoken.map((s) => {
  const { startMs, endMs } = soundOf(s);
  const sound = { startMs: at + startMs, endMs: at + endMs };
  at += durationMs(s);
  at += PAUSES[spoken.indexOf(s)]!;
  return sound;
});
const totalMs = at + 1_500;
const server = await serve();
const settings = process.argv.slice(2).map(Number);
const rows = [];
for (const redemptionMs of settings.length ? settings : [1_400, 800, 600, 480, 400, 300]) {
  const events: Reported[] = await measure(redemptionMs, wav, server.url, totalMs);
  // Pair each reported utterance (start → end) with the sentences whose sound it covers, by the
  // order of the reports: the first start is the first sentence's.
  const starts = events.filter((e) => e.kind === 'start');
  const ends = events.filter((e) => e.kind === 'end');
  const offset = starts[0] ? starts[0].at - sounds[0]!.startMs : 0;
  const paddings = ends.map((end) => {
    // The last sentence whose sound ended before this report.
    const sound = [...sounds].reverse().find((s) => s.endMs + offset <= end.at) ?? sounds[0]!;
    return end.at - (sound.endMs + offset);
  });
  rows.push({
    'redemption (ms)': redemptionMs,
    'utterances for 6 sentences': ends.length,
    misfires: events.filter((e) => e.kind === 'misfire').length,
    'padding, median (ms)': Math.round(median(paddings)),
    'padding, each (ms)': paddings.map((p) => Math.round(p)).join(' '),
  });
}
server.close();
console.log(
  `Pauses after each sentence: ${PAUSES.join(', ')} ms. Padding: the detector's end report after the sentence's last sound (its start report taken as the sound's start).`,
);
console.table(rows);
