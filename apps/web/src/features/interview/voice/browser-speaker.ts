import { VOICE } from '@candor/shared';
import type { RecognitionLike, SpeakerLike, SpeechHandle, SpeechOutcome } from './types';

/** Utterances being spoken: some browsers drop events of an utterance nobody references. */
const live = new Set<SpeechSynthesisUtterance>();

/** The estimated duration of a sentence, for browsers that never say when speech ends. */
export const estimatedSpeechMs = (text: string) =>
  Math.max(VOICE.speechMinMs, text.length * VOICE.speechMsPerChar);

/**
 * speechSynthesis as a SpeakerLike. Browsers without voices (headless Chromium) may never fire
 * `start` or `end`: a timeout estimated from the text length ends the utterance so the interview
 * goes on. Once `start` fired the engine is known to work, so the timeout becomes generous.
 */
export function createBrowserSpeaker(getVoice: () => SpeechSynthesisVoice | null): SpeakerLike {
  const synth = typeof window !== 'undefined' ? window.speechSynthesis : undefined;
  return {
    speak(text: string): SpeechHandle {
      let settle!: (how: SpeechOutcome) => void;
      let heard!: () => void;
      const done = new Promise<SpeechOutcome>((resolve) => (settle = resolve));
      const audible = new Promise<void>((resolve) => (heard = resolve));
      let finished = false;
      let startedAt: number | null = null;
      let boundaryChars: number | null = null;
      let u: SpeechSynthesisUtterance | null = null;
      const finish = (how: SpeechOutcome) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        if (u) live.delete(u);
        settle(how);
      };
      let timer = setTimeout(() => finish('ended'), estimatedSpeechMs(text));
      if (!synth) {
        finish('error');
      } else {
        try {
          u = new SpeechSynthesisUtterance(text);
          const voice = getVoice();
          if (voice) {
            u.voice = voice;
            u.lang = voice.lang;
          }
          u.onstart = () => {
            startedAt = performance.now();
            clearTimeout(timer);
            timer = setTimeout(
              () => finish('ended'),
              2 * estimatedSpeechMs(text) + VOICE.speechEndGraceMs,
            );
            heard();
          };
          u.onboundary = (e) => {
            boundaryChars = e.charIndex + (e.charLength || 0);
          };
          u.onend = () => finish('ended');
          u.onerror = (e) =>
            finish(e.error === 'interrupted' || e.error === 'canceled' ? 'interrupted' : 'error');
          live.add(u);
          synth.speak(u);
        } catch {
          finish('error');
        }
      }
      return {
        done,
        audible,
        spokenChars: () => {
          if (finished) return text.length;
          if (boundaryChars !== null) return Math.min(text.length, boundaryChars);
          if (startedAt === null) return 0;
          return Math.min(
            text.length,
            Math.floor((performance.now() - startedAt) / VOICE.speechMsPerChar),
          );
        },
        interrupt: () => {
          if (finished) return;
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
