import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startFakeSpeechServer,
  type FakeSpeechServer,
} from '../../apps/server/src/test/fake-speech-server';
import { fixedSet, startInterview } from '../support/api';
import { launchBrowser, uniqueEmail } from '../support/browser';
import { endEarlyThroughCheck, newCandidate, signUpThroughUi } from '../support/flows';
import { useServer, type RunningServer } from '../support/server';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { composeWav, durationMs, speak } from '../support/spoken-wav';
import { waitForCount } from '../support/voice';

/**
 * Server speech in a real browser (issue 14): Chromium without Web Speech (as Firefox), its fake
 * microphone playing answers spoken by espeak-ng. The page's voice-activity detector finds each
 * utterance, the server transcribes it through the loopback stand-in of an OpenAI-style audio
 * host, and the interview runs to its report. With the server's voice, the page plays the
 * streamed audio, and speech in the microphone during it cuts the interviewer off: the stored
 * reply keeps what was heard.
 */

/** Web Speech recognition gone, as in Firefox (speechSynthesis is the stand-in's, silent). */
const NO_WEB_SPEECH = `delete window.SpeechRecognition; delete window.webkitSpeechRecognition;`;

/** What the page receives on its live channel, and what its Web Audio plays and stops. */
const OBSERVE_PAGE = `
window.__received = []; window.__audioFrames = 0; window.__played = 0; window.__stopped = 0;
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (e) => {
      if (typeof e.data === 'string') { try { window.__received.push(JSON.parse(e.data)); } catch {} }
      else window.__audioFrames += 1;
    });
  }
};
const start = AudioBufferSourceNode.prototype.start;
AudioBufferSourceNode.prototype.start = function (...a) { window.__played += 1; return start.apply(this, a); };
const stop = AudioBufferSourceNode.prototype.stop;
AudioBufferSourceNode.prototype.stop = function (...a) { window.__stopped += 1; return stop.apply(this, a); };
`;

interface Observed {
  __received: { type: string; final?: boolean; text?: string }[];
  __audioFrames: number;
  __played: number;
  __stopped: number;
  __speech: { utterances: string[] };
}

interface StoredMessage {
  id: string;
  speaker: 'AI' | 'User';
  message: string;
  meta?: { heard?: string; mode?: string };
}

const ANSWERS = [
  'Okay, so a closure is a function that remembers the variables of the place where it was created, and I would use one to keep a private counter.',
  'Var is scoped to the whole function and it is hoisted, while let and const are scoped to the block, and const cannot be reassigned.',
  'A promise stands for a value that arrives later, and you chain then and catch on it, or you await it inside an async function.',
];
const BARGE_IN =
  'Sorry to cut in, I think I know where this is going, I would use a closure for that.';

/**
 * The stand-in cannot hear: it answers the n-th utterance with the n-th text spoken into the
 * microphone. Whether the detector cut the sound into exactly those utterances is checked apart,
 * from their number and lengths.
 */
const inOrder = (texts: string[], from: number) => (n: number) => texts[n - from] ?? '';

/** The length of an utterance the page sent (16 kHz 16-bit WAV). */
const utteranceMs = (request: { file: { size: number } }) =>
  ((request.file.size - 44) / 2 / 16_000) * 1000;

async function conversation(page: Page, attemptId: string): Promise<StoredMessage[]> {
  const res = await page.request.get(`/api/interview/${attemptId}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { conversation: StoredMessage[] }).conversation;
}

/** A candidate's page on `server`, with `microphone` as the fake microphone's sound. */
async function candidate(server: RunningServer, microphone: string) {
  const browser: Browser = await launchBrowser([
    `--use-file-for-fake-audio-capture=${microphone}%noloop`,
    '--autoplay-policy=no-user-gesture-required',
  ]);
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 900 },
    permissions: ['microphone'],
  });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(SPEECH_STAND_IN);
  await context.addInitScript(NO_WEB_SPEECH);
  await context.addInitScript(OBSERVE_PAGE);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(err.message));
  await signUpThroughUi(page, newCandidate(uniqueEmail('server-speech')));
  return { browser, page };
}

/** Through "Check your answers" to the report, once it has loaded. */
async function endToReport(page: Page, recorded: boolean) {
  await endEarlyThroughCheck(page, recorded);
  await page.getByText('Question-by-Question Analysis').waitFor({ timeout: 60_000 });
}

let audio: FakeSpeechServer;
beforeAll(async () => {
  audio = await startFakeSpeechServer();
});
afterAll(async () => {
  await audio?.close();
});

describe('server recognition in a browser without Web Speech', () => {
  const server = useServer(() => ({
    STT_PROVIDER: 'openai',
    STT_BASE_URL: audio.url,
    STT_API_KEY: 'e2e-stt-key',
    STT_MODEL: 'stand-in-whisper',
  }));

  it('the detector finds each spoken answer, the server transcribes it, and the interview runs to its report', async () => {
    const spoken = ANSWERS.map((text) => ({ text, speech: speak(text) }));
    const rate = spoken[0]!.speech.sampleRate;
    // Silence first (the page loads the detector), then each answer and a pause long enough for
    // the 3-second rule, the reply and the microphone to be the candidate's again.
    const microphone = composeWav(
      [
        { silenceMs: 6_000 },
        ...spoken.flatMap((s) => [s.speech, { silenceMs: 9_000 }]),
        { silenceMs: 20_000 },
      ],
      rate,
    );
    audio.mode.transcription = 'ok';
    const before = audio.transcriptions.length;
    audio.transcript = inOrder(ANSWERS, before);
    const { browser, page } = await candidate(server(), microphone);
    try {
      const attemptId = await startInterview(page, await fixedSet(page));
      await waitForCount(page, 'User', 3, 120_000);

      // One utterance per answer, each about as long as it was spoken (the detector pads a little).
      const heard = audio.transcriptions.slice(before);
      expect(heard).toHaveLength(3);
      for (const [i, request] of heard.entries()) {
        // The detector pads an utterance with a little of the silence around it.
        const ms = utteranceMs(request);
        expect(ms).toBeGreaterThan(durationMs(spoken[i]!.speech) - 500);
        expect(ms).toBeLessThan(durationMs(spoken[i]!.speech) + 3_000);
        expect(request).toMatchObject({ model: 'stand-in-whisper', language: 'en', stream: true });
        expect(request.authorization).toBe('Bearer e2e-stt-key');
      }
      // The answers are stored as spoken, in order; interim text streamed to the page first.
      const stored = (await conversation(page, attemptId)).filter((m) => m.speaker === 'User');
      expect(stored.map((m) => m.message)).toEqual(ANSWERS);
      expect(stored.every((m) => m.meta?.mode === 'voice')).toBe(true);
      const received = await page.evaluate(() => (window as unknown as Observed).__received);
      expect(received.some((f) => f.type === 'transcript' && f.final === false)).toBe(true);
      expect(JSON.stringify(received)).not.toContain('e2e-stt-key');

      await endToReport(page, true);
      const blocks = page.getByTestId('question-report');
      expect(await blocks.count()).toBeGreaterThanOrEqual(3);
      expect(await blocks.nth(0).textContent()).toContain(ANSWERS[0]);
      // Each answer's recording (the MediaRecorder stage records in this mode too) plays there.
      await expect
        .poll(() => page.locator('audio[aria-label^="Play your answer from"]').count(), {
          timeout: 20_000,
        })
        .toBe(ANSWERS.length);
      expect(page.errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 240_000);
});

describe("the server's voice", () => {
  const server = useServer(() => ({
    STT_PROVIDER: 'openai',
    STT_BASE_URL: audio.url,
    STT_API_KEY: 'e2e-stt-key',
    TTS_PROVIDER: 'openai',
    TTS_BASE_URL: audio.url,
    TTS_API_KEY: 'e2e-tts-key',
  }));

  it('plays the streamed audio, and speech in the microphone during it stops the voice; the stored reply keeps what was heard', async () => {
    const first = { text: ANSWERS[0]!, speech: speak(ANSWERS[0]!) };
    const barge = { text: BARGE_IN, speech: speak(BARGE_IN) };
    const rate = first.speech.sampleRate;
    // The reply to the first answer starts about 5 s after it (the detector's end, the 3-second
    // rule, the reply); the candidate cuts in 7 s after, while its long audio is playing.
    const microphone = composeWav(
      [
        { silenceMs: 6_000 },
        first.speech,
        { silenceMs: 7_000 },
        barge.speech,
        { silenceMs: 30_000 },
      ],
      rate,
    );
    audio.mode.transcription = 'ok';
    audio.mode.speech = 'ok';
    // The introduction is voiced quickly; every reply after the first answer slowly (9 s or more).
    audio.audio.msPerChar = 10;
    const before = audio.transcriptions.length;
    audio.transcript = (n) => {
      audio.audio.msPerChar = 90;
      return inOrder([first.text, barge.text], before)(n);
    };
    const { browser, page } = await candidate(server(), microphone);
    try {
      const attemptId = await startInterview(page, await fixedSet(page));
      await waitForCount(page, 'User', 2, 120_000).catch(async (err: unknown) => {
        const seen = await page.evaluate(() => {
          const w = window as unknown as Observed;
          return {
            frames: w.__received.map((f) => `${f.type}${f.text ? `:${f.text.slice(0, 30)}` : ''}`),
            played: w.__played,
            stopped: w.__stopped,
            browserVoice: w.__speech.utterances,
          };
        });
        console.log(JSON.stringify(seen), audio.transcriptions.length, audio.speeches.length);
        throw err;
      });
      await page.waitForFunction(() => (window as unknown as Observed).__stopped > 0, undefined, {
        timeout: 30_000,
      });
      const observed = await page.evaluate(() => {
        const w = window as unknown as Observed;
        return {
          audioFrames: w.__audioFrames,
          played: w.__played,
          stopped: w.__stopped,
          browserVoice: w.__speech.utterances,
        };
      });
      // The page played the server's audio; the browser's own voice said nothing.
      expect(observed.audioFrames).toBeGreaterThan(0);
      expect(observed.played).toBeGreaterThan(0);
      expect(observed.browserVoice).toEqual([]);

      const messages = await conversation(page, attemptId);
      const answer = messages.findIndex((m) => m.speaker === 'User' && m.message === first.text);
      const reply = messages[answer + 1]!;
      expect(reply.speaker).toBe('AI');
      // Cut off: what was heard is the start of the reply, not all of it.
      expect(reply.meta?.heard).toBeDefined();
      expect(reply.message.startsWith(reply.meta!.heard!.replace(/…$/, ''))).toBe(true);
      expect(reply.meta!.heard!.length).toBeLessThan(reply.message.length);
      expect(messages[answer + 2]).toMatchObject({ speaker: 'User', message: BARGE_IN });

      await endToReport(page, true);
      expect(page.errors).toEqual([]);
    } finally {
      audio.audio.msPerChar = 15;
      await browser.close();
    }
  }, 240_000);
});
