import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserSpeaker, estimatedSpeechMs } from './browser-speaker';
import { fakeRecognitions } from '@/test/voice-fakes';
import { TurnController } from './turn-controller';
import { realClock } from './types';

/** speechSynthesis of a browser without voices: it takes utterances and never says a word. */
function silentSynthesis() {
  const spoken: string[] = [];
  vi.stubGlobal('speechSynthesis', {
    speak: (u: { text: string }) => void spoken.push(u.text),
    cancel: () => undefined,
  });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      voice: unknown = null;
      lang = '';
      onstart: (() => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onboundary: (() => void) | null = null;
      constructor(public text: string) {}
    },
  );
  return spoken;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the browser speaker without voices (headless browsers)', () => {
  it('ends a sentence that never reports its end after the estimated time', async () => {
    silentSynthesis();
    const text = 'What is a closure, and when would you use one?';
    const handle = createBrowserSpeaker(() => null).speak(text);
    let outcome: string | null = null;
    void handle.done.then((o) => (outcome = o));
    await vi.advanceTimersByTimeAsync(estimatedSpeechMs(text) - 10);
    expect(outcome).toBeNull();
    await vi.advanceTimersByTimeAsync(20);
    expect(outcome).toBe('ended');
  });

  it('the interview carries on: the mic is back when the silent reply times out', async () => {
    const spoken = silentSynthesis();
    const recs = fakeRecognitions();
    const turn = new TurnController({
      createRecognition: recs.create,
      speaker: createBrowserSpeaker(() => null),
      clock: realClock,
      language: 'en-IN',
      onAnswer: () => undefined,
      onChange: () => undefined,
    });
    turn.start();
    turn.enableMic();
    expect(turn.sendTyped('A closure keeps its scope.')).toBe('sent');
    const reply = 'Thank you. What is a promise?';
    turn.replyStarted();
    turn.replyDelta(reply);
    turn.replyEnded(reply);
    expect(spoken).toEqual(['Thank you.']);
    expect(recs.running).toBe(false);
    await vi.advanceTimersByTimeAsync(
      estimatedSpeechMs('Thank you.') + estimatedSpeechMs('What is a promise?') + 10,
    );
    expect(spoken).toEqual(['Thank you.', 'What is a promise?']);
    expect(turn.snapshot.phase).toBe('listening');
    expect(recs.running).toBe(true);
    turn.dispose();
  });
});
