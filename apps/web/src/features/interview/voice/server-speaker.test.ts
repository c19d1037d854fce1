import { describe, expect, it } from 'vitest';
import { fakeClock, fakePlayer, fakeSpeaker } from '@/test/voice-fakes';
import { ServerSpeaker } from './server-speaker';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** `seconds` of 24 kHz pcm as the bytes of an `audio` frame. */
const pcm = (seconds: number) => new Uint8Array(Math.round(24_000 * seconds) * 2);

function setup() {
  const clock = fakeClock();
  const audio = fakePlayer();
  const browser = fakeSpeaker();
  const speaker = new ServerSpeaker({
    player: audio.player,
    fallback: browser.speaker,
    waitMs: 5_000,
    setTimeout: clock.setTimeout,
    clearTimeout: clock.clearTimeout,
  });
  speaker.enabled = true;
  const start = (index: number, text: string) =>
    speaker.onFrame({
      type: 'speech.start',
      replyId: 'r1',
      index,
      text,
      format: 'pcm',
      sampleRate: 24_000,
    });
  return { clock, audio, browser, speaker, start };
}

const FIRST = 'Thanks, Zoë.';
const SECOND = 'How would you explain **caching** to a new colleague?';

describe('the server voice in the page', () => {
  it('plays a sentence as its audio streams in, audible with the first chunk, ended once played', async () => {
    const s = setup();
    s.start(0, FIRST);
    const handle = s.speaker.speak(FIRST);
    let audible = false;
    void handle.audible.then(() => (audible = true));
    await flush();
    expect(audible).toBe(false);
    s.speaker.onAudio('r1', 0, pcm(0.5));
    await flush();
    expect(audible).toBe(true);
    s.speaker.onAudio('r1', 0, pcm(0.5));
    expect(s.audio.streams.at(-1)).toEqual([12_000, 12_000]);
    s.speaker.onFrame({ type: 'speech.end', replyId: 'r1', index: 0 });
    s.audio.advance(0.5);
    let outcome: string | null = null;
    void handle.done.then((how) => (outcome = how));
    await flush();
    expect(outcome).toBeNull();
    // Half played: about half the sentence was heard.
    expect(handle.spokenChars()).toBe(Math.floor(FIRST.length / 2));
    s.audio.advance(0.5);
    await flush();
    expect(outcome).toBe('ended');
    expect(s.browser.spoken).toEqual([]);
  });

  it('a sentence asked for before its voice is announced waits for it (matched by its words, markdown aside)', async () => {
    const s = setup();
    const handle = s.speaker.speak('How would you explain caching to a new colleague?');
    s.start(0, SECOND);
    s.speaker.onAudio('r1', 0, pcm(0.2));
    s.speaker.onFrame({ type: 'speech.end', replyId: 'r1', index: 0 });
    s.audio.advance(1);
    expect(await handle.done).toBe('ended');
    expect(s.browser.spoken).toEqual([]);
  });

  it('a sentence the server could not voice is said by the browser', async () => {
    const s = setup();
    s.speaker.onFrame({ type: 'speech.failed', replyId: 'r1', index: 0, text: FIRST });
    const handle = s.speaker.speak(FIRST);
    expect(s.browser.spoken).toEqual([FIRST]);
    await s.browser.finish();
    expect(await handle.done).toBe('ended');
  });

  it('a voice that breaks off mid-sentence hands the sentence to the browser', async () => {
    const s = setup();
    s.start(0, FIRST);
    const handle = s.speaker.speak(FIRST);
    s.speaker.onAudio('r1', 0, pcm(0.2));
    s.speaker.onFrame({ type: 'speech.failed', replyId: 'r1', index: 0, text: FIRST });
    expect(s.browser.spoken).toEqual([FIRST]);
    await s.browser.finish();
    expect(await handle.done).toBe('ended');
  });

  it('a sentence whose voice never comes is said by the browser after the wait', async () => {
    const s = setup();
    const handle = s.speaker.speak(FIRST);
    s.clock.advance(4_999);
    expect(s.browser.spoken).toEqual([]);
    s.clock.advance(1);
    expect(s.browser.spoken).toEqual([FIRST]);
    await s.browser.finish();
    expect(await handle.done).toBe('ended');
  });

  it('an interrupt stops the audio at once and says how much was heard', async () => {
    const s = setup();
    s.start(0, SECOND);
    const handle = s.speaker.speak(SECOND);
    s.speaker.onAudio('r1', 0, pcm(3));
    s.audio.advance(0.55);
    const heard = handle.spokenChars();
    expect(heard).toBeGreaterThan(0);
    expect(heard).toBeLessThan(SECOND.length);
    const stopsBefore = s.audio.stops();
    handle.interrupt();
    expect(s.audio.stops()).toBe(stopsBefore + 1);
    expect(await handle.done).toBe('interrupted');
  });

  it('with the server voice off, the browser says everything', () => {
    const s = setup();
    s.speaker.enabled = false;
    s.start(0, FIRST);
    s.speaker.speak(FIRST);
    expect(s.browser.spoken).toEqual([FIRST]);
  });
});
