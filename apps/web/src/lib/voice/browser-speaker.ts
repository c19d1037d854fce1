import { VOICE } from '@candor/shared';
import type { RecognitionLike, SpeakerLike, SpeechHandle } from './types';

/**
 * speechSynthesis as a SpeakerLike. Browsers without voices (headless Chromium) may never fire
 * `end`: a timeout estimated from the text length ends the utterance so the interview goes on.
 */
export function createBrowserSpeaker(getVoice: () => SpeechSynthesisVoice | null): SpeakerLike {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  return {
    speak(text: string): SpeechHandle {
      let settle!: (how: 'ended' | 'error' | 'interrupted') => void;
      const done = new Promise<'ended' | 'error' | 'interrupted'>((resolve) => (settle = resolve));
      let finished = false;
      const finish = (how: 'ended' | 'error' | 'interrupted') => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        settle(how);
      };
      const timer = setTimeout(
        () => finish('ended'),
        Math.max(VOICE.speechMinMs, text.length * VOICE.speechMsPerChar),
      );
      if (!synth) {
        finish('error');
      } else {
        try {
          const u = new SpeechSynthesisUtterance(text);
          const voice = getVoice();
          if (voice) {
            u.voice = voice;
            u.lang = voice.lang;
          }
          u.onend = () => finish('ended');
          u.onerror = (e) =>
            finish(e.error === 'interrupted' || e.error === 'canceled' ? 'interrupted' : 'error');
          synth.speak(u);
        } catch {
          finish('error');
        }
      }
      return {
        done,
        interrupt: () => {
          synth?.cancel();
          finish('interrupted');
        },
      };
    },
    cancel: () => synth?.cancel(),
  };
}

/** The browser's voices, retried while they load (some browsers fill the list late). */
export async function loadVoices(): Promise<SpeechSynthesisVoice[]> {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  if (!synth) return [];
  for (let i = 0; i < VOICE.voiceLoadRetries; i++) {
    const voices = synth.getVoices();
    if (voices.length > 0) return voices;
    await new Promise((r) => setTimeout(r, VOICE.voiceLoadRetryMs));
  }
  return synth.getVoices();
}

type RecognitionCtor = new () => RecognitionLike;

/** SpeechRecognition or webkitSpeechRecognition, looked up when needed (tests inject their own). */
export function recognitionConstructor(): RecognitionCtor | null {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionCtor;
    webkitSpeechRecognition?: RecognitionCtor;
  };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}
