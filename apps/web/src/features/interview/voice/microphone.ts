/**
 * The microphone: permission, and a level meter for the sound-wave animation. It is opened with
 * echo cancellation and noise suppression so the interviewer's voice from the speakers is not
 * taken for an answer.
 */

export type MicPermission = 'granted' | 'denied' | 'prompt' | 'unknown';

export const MIC_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
};

/** The name of a failure (a DOMException's `name`), or '' for anything else. */
const errorName = (err: unknown): string =>
  typeof err === 'object' && err !== null && 'name' in err && typeof err.name === 'string'
    ? err.name
    : '';

/**
 * Whether opening the microphone failed because it was refused (by the candidate, the browser's
 * settings, or a page policy), by the error's name: NotAllowedError (SecurityError where the
 * page may not ask). Anything else (NotFoundError, NotReadableError…) is no usable microphone.
 */
export const microphoneRefused = (err: unknown): boolean =>
  ['NotAllowedError', 'SecurityError'].includes(errorName(err));

/** The permission as the browser reports it, without asking (not every browser can say). */
export async function checkMicPermission(): Promise<MicPermission> {
  try {
    const status = await navigator.permissions?.query({ name: 'microphone' as PermissionName });
    return status ? status.state : 'unknown';
  } catch {
    return 'unknown';
  }
}

export interface Microphone {
  /** Loudness now, 0–1 (0 when the audio graph could not be built). */
  level(): number;
  /** Loudness in `count` frequency bands across the voice range, each 0–1. */
  bands(count: number): number[];
  /** Browsers keep audio suspended until a user gesture; call from one. */
  resume(): void;
  close(): void;
}

/**
 * Checks the permission first and asks only if it is not already refused; returns null when the
 * candidate (or the browser) denies the microphone.
 */
export async function openMicrophone(): Promise<Microphone | null> {
  if ((await checkMicPermission()) === 'denied') {
    console.error('Microphone permission denied');
    return null;
  }
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia(MIC_CONSTRAINTS);
  } catch {
    console.error('Microphone permission denied');
    return null;
  }
  let context: AudioContext | null = null;
  let analyser: AnalyserNode | null = null;
  let samples: Uint8Array<ArrayBuffer> | null = null;
  let spectrum: Uint8Array<ArrayBuffer> | null = null;
  try {
    context = new AudioContext();
    analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    samples = new Uint8Array(analyser.fftSize);
    spectrum = new Uint8Array(analyser.frequencyBinCount);
  } catch {
    // No Web Audio: the microphone still works, the animation just stays flat.
  }
  return {
    level() {
      if (!analyser || !samples) return 0;
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const s of samples) {
        const v = (s - 128) / 128;
        sum += v * v;
      }
      // RMS of speech sits around 0.02–0.3; stretch it so normal speech fills the bars.
      return Math.min(1, Math.sqrt(sum / samples.length) * 4);
    },
    bands(count) {
      if (!analyser || !spectrum || !context) return Array<number>(count).fill(0);
      analyser.getByteFrequencyData(spectrum);
      // Speech lives roughly between 80 Hz and 4 kHz.
      const hz = context.sampleRate / 2 / spectrum.length;
      const from = Math.max(1, Math.floor(80 / hz));
      const to = Math.min(spectrum.length, Math.ceil(4000 / hz));
      const width = Math.max(1, Math.floor((to - from) / count));
      return Array.from({ length: count }, (_, i) => {
        let max = 0;
        for (let j = from + i * width; j < Math.min(to, from + (i + 1) * width); j++)
          max = Math.max(max, spectrum![j]!);
        return max / 255;
      });
    },
    resume() {
      if (context?.state === 'suspended') void context.resume().catch(() => undefined);
    },
    close() {
      stream.getTracks().forEach((t) => t.stop());
      void context?.close().catch(() => undefined);
    },
  };
}
